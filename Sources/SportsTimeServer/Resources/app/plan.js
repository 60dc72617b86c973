// SportsTime — the "Plan a trip" wizard (/plan): one screen of questions,
// each shown once the one before it is answered (progressive reveal), then
// the planner's options (POST /api/plan, the document of `sportstime plan …
// --json`) with their figures, games and maps; "Plan this trip" makes one a
// trip (POST /api/trips) and opens it in the editor. The server answers
// every rule (which sports have games in the dates, the search, the sorts
// and their group headers); this page only asks and shows.
'use strict';

(() => {
  const { api, el, gameTime, shortDate, longDate, distance, duration, sportIcons, showError } = SportsTime;

  /** The steps in the order they are asked. */
  const ORDER = ['kind', 'sports', 'dates', 'places', 'must', 'drive', 'options'];
  const section = (step) => document.querySelector(`section[data-step="${step}"]`);
  const byId = (id) => document.getElementById(id);
  const SPORTS = ['MLB', 'NBA', 'NHL', 'NFL'];
  const MAX_DAYS = 31; // WindowQuery.maximumDays: the server says so too, in words.

  const state = {
    kind: null,              // window | follow | route | all-parks
    sports: [],              // the chosen sports, in SPORTS order
    sportsTouched: false,    // a sport was chosen once (the dates then stay shown)
    imported: null,          // GET /api/plan/sports (no dates): imported sports and seasons
    inDates: null,           // GET /api/plan/sports?from&to for state.from/to
    dropped: [],             // sports taken out because the dates have none of their games
    from: '', to: '',
    season: '', seasonFrom: '',
    places: null,            // window: anywhere | near
    startCity: '', endCity: '', radius: 2,
    team: '',                // follow: a team id (MLB:CHN)
    teams: [],               // GET /api/plan/teams for the dates and sports
    must: null,              // none | pick
    mustGames: new Set(),
    games: [],               // the games of the dates and sports (GET /api/games)
    drive: null,             // none | hours
    hours: 8,
    sort: 'recommended',
    revealed: new Set(['kind']),
    doc: null,               // the plan document shown
    searchKey: null,         // the question it answers (or is being asked)
    refused: false,          // the server refused that question (the step says why)
  };
  window.sportstimePlan = state;

  let venues = {};
  const loads = { venues: null };
  const gameCache = new Map(); // /api/games URL → promise of games

  // MARK: Loading what the questions offer

  loads.venues = api('GET', '/api/venues').then((answer) => { venues = answer.venues; }).catch(() => {});
  if (typeof L === 'undefined') {
    const notice = byId('notice');
    notice.textContent = 'The server could not find Leaflet (the maps; Debian package libjs-leaflet); see its --assets option. The options are still listed, without their maps.';
    notice.hidden = false;
  }

  api('GET', '/api/plan/cities').then((answer) => {
    byId('city-list').replaceChildren(...answer.cities.map((city) =>
      el('option', { value: city.name, label: [city.name, city.region, city.country === 'US' ? '' : city.country].filter(Boolean).join(', ') })));
  }).catch(() => {});

  api('GET', '/api/plan/sorts').then((answer) => {
    byId('sort').replaceChildren(...answer.sorts.map((sort) => el('option', { value: sort.id, text: sort.title })));
    if (!answer.sorts.some((sort) => sort.id === state.sort)) state.sort = 'recommended';
    byId('sort').value = state.sort;
  }).catch((error) => showError(error.message));

  let ready = api('GET', '/api/plan/sports').then((answer) => {
    state.imported = answer;
    readAddress();
    renderSports();
    update();
  }).catch((error) => showError(error.message));

  /** Games of `sports` from `from` to `to` (GET /api/games), each URL fetched once. */
  function gamesOf(sports, from, to) {
    const query = new URLSearchParams({ sport: sports.join(','), from, to });
    const url = `/api/games?${query}`;
    if (!gameCache.has(url)) {
      const loading = api('GET', url);
      loading.catch(() => gameCache.delete(url));
      gameCache.set(url, loading);
    }
    return gameCache.get(url);
  }

  // MARK: What each answer is

  const isWindowKind = () => state.kind !== null && state.kind !== 'all-parks';
  const applies = (step) => !((step === 'places' || step === 'must') && state.kind === 'all-parks');

  /** The first and last day, when both are given and make a window the planner searches. */
  function windowDates() {
    if (!state.from || !state.to) return { ok: false, message: '' };
    const days = dayNumber(state.to) - dayNumber(state.from) + 1;
    if (days < 1) return { ok: false, message: 'The last day is before the first.' };
    if (days > MAX_DAYS) return { ok: false, message: `That is ${days} days; the planner searches at most ${MAX_DAYS}. Shorten the dates.` };
    return { ok: true, days };
  }

  function addDays(iso, days) {
    return new Date((dayNumber(iso) + days) * 86400000).toISOString().slice(0, 10);
  }

  function dayNumber(iso) {
    const [y, m, d] = iso.split('-').map(Number);
    return Date.UTC(y, m - 1, d) / 86400000;
  }

  /** The sports document the chips follow: for the dates once known (window kinds), else what is imported. */
  function sportsDocument() {
    if (isWindowKind() && windowDates().ok && state.inDates
      && state.inDates.from === state.from && state.inDates.to === state.to) return state.inDates;
    return state.imported;
  }

  function sportEntry(sport, doc = sportsDocument()) {
    return doc && doc.sports.find((entry) => entry.sport === sport);
  }

  function season() {
    const entry = sportEntry(state.sports[0], state.imported);
    return entry && entry.seasons.find((s) => String(s.season) === state.season);
  }

  function answered(step) {
    switch (step) {
      case 'kind': return state.kind !== null;
      case 'sports': {
        const usable = state.sports.filter((s) => { const e = sportEntry(s); return e && e.available; });
        return state.kind === 'all-parks' ? usable.length === 1 : usable.length > 0;
      }
      case 'dates':
        if (state.kind === 'all-parks') return Boolean(season());
        return windowDates().ok;
      case 'places':
        if (state.kind === 'follow') return state.teams.some((t) => t.id === state.team);
        if (state.kind === 'route') return Boolean(state.startCity.trim() && state.endCity.trim());
        return state.places === 'anywhere' || (state.places === 'near' && Boolean(state.startCity.trim() || state.endCity.trim()));
      case 'must': return state.must !== null;
      case 'drive': return state.drive === 'none' || (state.drive === 'hours' && state.hours >= 0.5 && state.hours <= 24);
      default: return true;
    }
  }

  // MARK: Showing the steps

  /** Shows each step whose earlier steps are answered (the dates stay once a sport was chosen). */
  function update() {
    let open = true;
    const shown = {};
    for (const step of ORDER) {
      if (!applies(step)) { shown[step] = false; continue; }
      const visible = open || (step === 'dates' && state.kind !== null && state.sportsTouched);
      shown[step] = visible;
      open = open && answered(step);
    }
    for (const step of ORDER) {
      const node = section(step);
      const wasHidden = node.hidden;
      node.hidden = !shown[step];
      if (shown[step] && wasHidden && !state.revealed.has(step)) {
        state.revealed.add(step);
        requestAnimationFrame(() => node.scrollIntoView({ behavior: 'smooth', block: step === 'options' ? 'start' : 'nearest' }));
      }
      if (!shown[step] && step !== 'kind') state.revealed.delete(step);
    }
    shapeSteps();
    writeAddress();
    if (shown.options) requestSearch();
    else clearOptions();
  }

  // MARK: The answers in the address (shareable, restored by Back and by reload)

  const KINDS = ['window', 'follow', 'route', 'all-parks'];
  const isDate = (text) => /^\d{4}-\d{2}-\d{2}$/.test(text || '');

  /** The answers as a query: only what was answered. */
  function answersQuery() {
    const q = new URLSearchParams();
    if (!state.kind) return q;
    q.set('kind', state.kind);
    if (state.sports.length) q.set('sports', state.sports.join(','));
    if (state.kind === 'all-parks') {
      if (state.season) q.set('season', state.season);
      if (state.seasonFrom) q.set('seasonFrom', state.seasonFrom);
    } else {
      if (state.from) q.set('from', state.from);
      if (state.to) q.set('to', state.to);
      if (state.kind === 'window' && state.places) q.set('places', state.places);
      const near = state.kind === 'route' || (state.kind === 'window' && state.places === 'near');
      if (near && state.startCity.trim()) q.set('startNear', state.startCity.trim());
      if (near && state.endCity.trim()) q.set('endNear', state.endCity.trim());
      if (near && state.radius !== 2) q.set('radius', String(state.radius));
      if (state.kind === 'follow' && state.team) q.set('team', state.team);
      if (state.must) q.set('must', state.must);
      if (state.must === 'pick' && state.mustGames.size) q.set('games', [...state.mustGames].join(','));
    }
    if (state.drive) q.set('drive', state.drive);
    if (state.drive === 'hours') q.set('hours', String(state.hours));
    if (state.kind !== 'all-parks' && state.sort !== 'recommended') q.set('sort', state.sort);
    return q;
  }

  /** Puts the answers in the address (replacing it: Back leaves the page, and comes back to these answers). */
  function writeAddress() {
    const query = answersQuery().toString();
    const address = `${location.pathname}${query ? `?${query}` : ''}`;
    if (address !== `${location.pathname}${location.search}`) history.replaceState(null, '', address);
  }

  /** Takes the answers of the address (a shared link, Back, a reload) into the state and the fields. */
  function readAddress() {
    const q = new URLSearchParams(location.search);
    const kind = q.get('kind');
    if (!KINDS.includes(kind)) return;
    state.kind = kind;
    state.sports = SPORTS.filter((sport) => (q.get('sports') || '').toUpperCase().split(',').includes(sport));
    if (kind === 'all-parks') state.sports = state.sports.slice(0, 1);
    state.sportsTouched = state.sports.length > 0;
    if (isDate(q.get('from'))) state.from = q.get('from');
    if (isDate(q.get('to'))) state.to = q.get('to');
    if (/^\d{4}$/.test(q.get('season') || '')) state.season = q.get('season');
    if (isDate(q.get('seasonFrom'))) state.seasonFrom = q.get('seasonFrom');
    if (['anywhere', 'near'].includes(q.get('places'))) state.places = q.get('places');
    state.startCity = (q.get('startNear') || '').slice(0, 100);
    state.endCity = (q.get('endNear') || '').slice(0, 100);
    const radius = Number(q.get('radius'));
    if ([1, 2, 3, 4, 6].includes(radius)) state.radius = radius;
    state.team = (q.get('team') || '').slice(0, 40);
    if (['none', 'pick'].includes(q.get('must'))) state.must = q.get('must');
    state.mustGames = new Set((q.get('games') || '').split(',').filter((id) => /^[A-Za-z0-9_-]{1,40}$/.test(id)));
    if (['none', 'hours'].includes(q.get('drive'))) state.drive = q.get('drive');
    const hours = Number(q.get('hours'));
    if (q.get('hours') && hours >= 0.5 && hours <= 24) state.hours = hours;
    if (/^[a-z-]{1,40}$/.test(q.get('sort') || '')) state.sort = q.get('sort');
    // The fields show the answers.
    const check = (name, value) => { const input = document.querySelector(`input[name="${name}"][value="${value}"]`); if (input) input.checked = true; };
    check('kind', state.kind);
    if (state.places) check('places', state.places);
    if (state.must) check('must', state.must);
    if (state.drive) check('drive', state.drive);
    byId('from').value = state.from;
    byId('to').value = state.to;
    byId('season-from').value = state.seasonFrom;
    byId('start-city').value = state.startCity;
    byId('end-city').value = state.endCity;
    byId('radius').value = String(state.radius);
    byId('drive-hours').value = String(state.hours);
    if (byId('sort').options.length) {
      if (![...byId('sort').options].some((o) => o.value === state.sort)) state.sort = 'recommended';
      byId('sort').value = state.sort;
    }
    // The restored steps are not scrolled to one by one.
    for (const step of ORDER) state.revealed.add(step);
    renderSeasons();
    refreshSportsInDates().then(() => { refreshScoped(); update(); });
  }

  /** The words and fields of each step for the kind of trip asked. */
  function shapeSteps() {
    const kind = state.kind;
    byId('sports-hint').textContent = kind === 'all-parks'
      ? 'Pick one league: every home park of its season is the goal.'
      : 'Pick one or more. A sport without games in your dates is greyed out.';
    byId('dates-title').textContent = kind === 'all-parks' ? 'Which season?' : 'When can you go?';
    byId('window-dates').hidden = kind === 'all-parks';
    byId('season-dates').hidden = kind !== 'all-parks';
    const dates = windowDates();
    let hint = '';
    if (kind === 'all-parks') {
      const s = season();
      hint = s ? `The ${s.season} season's games run from ${longDate(s.from)} to ${longDate(s.to)}.` : 'Choose one of the imported seasons.';
    } else if (dates.ok) {
      hint = `${dates.days} day${dates.days === 1 ? '' : 's'}: ${longDate(state.from)} to ${longDate(state.to)}.`;
    } else {
      hint = dates.message || `Up to ${MAX_DAYS} days, local dates at each venue.`;
    }
    byId('dates-hint').textContent = hint;
    byId('dates-hint').classList.toggle('warn', Boolean(dates.message) && kind !== 'all-parks');

    byId('places-title').textContent = kind === 'follow' ? 'Which team will you follow?'
      : kind === 'route' ? 'Where from, and where to?' : 'Where do you start and end?';
    byId('places-window').hidden = kind !== 'window';
    byId('places-cities').hidden = !(kind === 'route' || (kind === 'window' && state.places === 'near'));
    byId('places-team').hidden = kind !== 'follow';
    byId('start-city-label').textContent = kind === 'route' ? 'From (a city)' : 'Start near (optional)';
    byId('end-city-label').textContent = kind === 'route' ? 'To (a city)' : 'End near (optional)';
    byId('places-hint').textContent = kind === 'follow'
      ? (state.teams.length ? 'Every game your team plays in your dates is in every option.' : 'Choose the dates and sports first: the teams that play then are listed.')
      : kind === 'route' ? 'The first game is near the start and the last near the end.'
        : state.places === 'near' ? 'The first game near the start, the last near the end; give one or both.' : '';
    byId('must-picker').hidden = state.must !== 'pick';
    byId('options-title').textContent = kind === 'all-parks' ? 'Your shortest trip through every park' : 'Here are your best trips';
    byId('sort-box').hidden = kind === 'all-parks';
  }

  // MARK: Sports

  function renderSports() {
    const doc = sportsDocument();
    const chips = byId('sport-chips');
    const reasons = [];
    chips.replaceChildren(...SPORTS.map((sport) => {
      const entry = sportEntry(sport, doc);
      const available = Boolean(entry && entry.available);
      const chosen = state.sports.includes(sport);
      const count = entry && available ? `${entry.games.toLocaleString('en-US')} game${entry.games === 1 ? '' : 's'}` : 'no games';
      if (entry && !available) reasons.push(el('li', { id: `reason-${sport}`, text: entry.reason }));
      return el('button', {
        type: 'button', class: 'chip sport-chip', dataset: { sport },
        'aria-pressed': chosen ? 'true' : 'false',
        'aria-disabled': available ? undefined : 'true',
        'aria-describedby': available ? undefined : `reason-${sport}`,
        onclick: () => toggleSport(sport),
      }, [el('span', { 'aria-hidden': 'true', text: sportIcons[sport] + ' ' }), sport, el('span', { class: 'count', text: count })]);
    }));
    if (state.dropped.length) {
      reasons.unshift(el('li', { class: 'dropped', text: `${state.dropped.join(' and ')} ${state.dropped.length === 1 ? 'has' : 'have'} no games in your dates, so ${state.dropped.length === 1 ? 'it was' : 'they were'} taken out.` }));
    }
    byId('sport-reasons').replaceChildren(...reasons);
  }

  function toggleSport(sport) {
    const entry = sportEntry(sport);
    if (!entry || !entry.available) {
      const reason = byId(`reason-${sport}`);
      if (reason) { reason.classList.remove('flash'); void reason.offsetWidth; reason.classList.add('flash'); }
      return;
    }
    state.dropped = [];
    if (state.kind === 'all-parks') {
      state.sports = state.sports.includes(sport) ? [] : [sport];
    } else if (state.sports.includes(sport)) {
      state.sports = state.sports.filter((s) => s !== sport);
    } else {
      state.sports = SPORTS.filter((s) => s === sport || state.sports.includes(s));
    }
    if (state.sports.length) state.sportsTouched = true;
    renderSports();
    renderSeasons();
    refreshScoped();
    update();
  }

  /** Asks which sports have games in the dates; takes out the chosen ones that have none. */
  function refreshSportsInDates() {
    if (!isWindowKind() || !windowDates().ok) { renderSports(); return Promise.resolve(); }
    const from = state.from;
    const to = state.to;
    const loading = api('GET', `/api/plan/sports?from=${from}&to=${to}`).then((answer) => {
      if (state.from !== from || state.to !== to) return;
      state.inDates = answer;
      const gone = state.sports.filter((s) => { const e = sportEntry(s, answer); return !e || !e.available; });
      if (gone.length) {
        state.sports = state.sports.filter((s) => !gone.includes(s));
        state.dropped = gone;
      }
      renderSports();
    }).catch((error) => showError(error.message));
    ready = Promise.all([ready, loading]);
    return loading;
  }

  // MARK: Dates

  function renderSeasons() {
    const select = byId('season');
    const entry = sportEntry(state.sports[0], state.imported);
    const seasons = (entry && entry.seasons) || [];
    select.replaceChildren(el('option', { value: '', text: seasons.length ? 'Choose a season' : 'No season imported' }),
      ...seasons.map((s) => el('option', { value: String(s.season), text: `${s.season} (${shortDate(s.from)} – ${longDate(s.to)})` })));
    if (!seasons.some((s) => String(s.season) === state.season)) state.season = '';
    select.value = state.season;
  }

  // MARK: Teams and games of the dates

  /** Reloads what depends on the dates and sports: the teams (follow) and the games (must-see). */
  function refreshScoped() {
    const dates = windowDates();
    if (!isWindowKind() || !dates.ok || !state.sports.length) {
      state.teams = [];
      state.games = [];
      renderTeams();
      renderMustGames();
      return;
    }
    const key = `${state.sports.join(',')} ${state.from} ${state.to}`;
    const sports = state.sports.join(',');
    const teams = state.kind === 'follow'
      ? api('GET', `/api/plan/teams?sport=${sports}&from=${state.from}&to=${state.to}`).then((answer) => {
        if (key !== `${state.sports.join(',')} ${state.from} ${state.to}`) return;
        state.teams = answer.teams;
        renderTeams();
      }).catch((error) => showError(error.message))
      : Promise.resolve();
    const games = Promise.all([gamesOf(state.sports, state.from, state.to), loads.venues]).then(([list]) => {
      if (key !== `${state.sports.join(',')} ${state.from} ${state.to}`) return;
      state.games = list;
      const ids = new Set(list.map((g) => g.id));
      for (const id of [...state.mustGames]) if (!ids.has(id)) state.mustGames.delete(id);
      renderMustGames();
    }).catch((error) => showError(error.message));
    ready = Promise.all([ready, teams, games]).then(() => update());
  }

  function renderTeams() {
    const select = byId('team');
    if (!state.teams.some((t) => t.id === state.team)) state.team = '';
    const several = new Set(state.teams.map((t) => t.sport)).size > 1;
    select.replaceChildren(el('option', { value: '', text: state.teams.length ? 'Choose a team' : 'No team plays in these dates' }),
      ...state.teams.map((t) => el('option', { value: t.id, text: `${several ? `${t.sport} · ` : ''}${t.name} (${t.games} game${t.games === 1 ? '' : 's'})` })));
    select.value = state.team;
  }

  function followedTeam() {
    return state.kind === 'follow' ? state.teams.find((t) => t.id === state.team) : null;
  }

  const plays = (team, game) => team && game.sport === team.sport && (game.home === team.code || game.away === team.code);

  function gameText(game, withVenue = true) {
    const time = gameTime(game);
    const venue = venues[game.venueID];
    // The name on the game's date when the games document carries it (issue 28, item 1).
    const place = game.venueName ? `${game.venueName}, ${game.venueCity || (venue ? venue.city : '')}`
      : venue ? `${venue.name}, ${venue.city}` : game.venueID;
    const matchup = game.neutralSite ? `${game.away} vs ${game.home}` : `${game.away} @ ${game.home}`;
    return [shortDate(game.date), time, matchup, withVenue ? place : null].filter(Boolean).join(' · ');
  }

  function renderMustGames() {
    const list = byId('must-games');
    const filter = byId('must-filter').value.trim().toLowerCase();
    const team = followedTeam();
    const matches = state.games.filter((game) => !filter || gameText(game).toLowerCase().includes(filter) || game.sport.toLowerCase() === filter);
    const shown = matches.slice(0, 300);
    list.replaceChildren(...shown.map((game) => {
      const theirs = plays(team, game);
      const cancelled = game.status === 'cancelled' || game.timeUnknown;
      return el('li', {}, [el('label', {}, [
        el('input', {
          type: 'checkbox', value: game.id,
          checked: theirs || state.mustGames.has(game.id) ? true : undefined,
          disabled: theirs || cancelled ? true : undefined,
          onchange: (change) => {
            if (change.target.checked) state.mustGames.add(game.id); else state.mustGames.delete(game.id);
            renderMustCount();
            update();
          },
        }),
        el('span', { text: `${sportIcons[game.sport] || ''} ${gameText(game)}${theirs ? ' · your team: in every option' : ''}${cancelled ? ' · cannot be planned (cancelled or no start time)' : ''}` }),
      ])]);
    }));
    renderMustCount(matches.length, shown.length);
  }

  function renderMustCount(matches, shown) {
    const picked = state.mustGames.size;
    const parts = [];
    if (matches !== undefined) parts.push(matches > shown ? `${matches} games match; the first ${shown} are listed — narrow the search.` : `${matches} game${matches === 1 ? '' : 's'} in your dates.`);
    parts.push(picked ? `${picked} picked.` : 'None picked yet.');
    byId('must-count').textContent = parts.join(' ');
  }

  // MARK: The search

  function question() {
    const body = { kind: state.kind };
    if (state.kind === 'all-parks') {
      body.season = Number(state.season);
      body.sports = state.sports.slice(0, 1);
      if (state.seasonFrom) body.from = state.seasonFrom;
    } else {
      Object.assign(body, { from: state.from, to: state.to, sports: state.sports });
      const radius = Number(state.radius);
      const near = state.kind === 'route' || (state.kind === 'window' && state.places === 'near');
      if (near && state.startCity.trim()) body.startNear = { city: state.startCity.trim(), radiusHours: radius };
      if (near && state.endCity.trim()) body.endNear = { city: state.endCity.trim(), radiusHours: radius };
      if (state.kind === 'follow') body.follow = state.team;
      if (state.must === 'pick' && state.mustGames.size) {
        const order = new Map(state.games.map((g, i) => [g.id, i]));
        body.must = [...state.mustGames].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
      }
      body.sort = state.sort;
      body.options = 10;
    }
    if (state.drive === 'hours') body.maxDriveHours = Number(state.hours);
    return body;
  }

  // The page's one search id: each new search carries it, so the server
  // stops the search it replaces (POST /api/plan with `search`), and
  // Cancel stops it by it (DELETE /api/plan/searches/{id}).
  const SEARCH_ID = `plan-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  let searchTimer = null;
  let retryTimer = null;
  let ticker = null;
  let generation = 0;      // the search whose answer is shown: an older answer is dropped
  let inFlight = null;     // the search the server runs for this page: {generation}

  /** Searches soon (answers typed in quick succession are one search). */
  function requestSearch() {
    const key = JSON.stringify(question());
    // The question shown (or being asked, waiting for a slot, stopped or just refused) is not asked again.
    if (key === state.searchKey && (state.doc || inFlight || state.refused || state.waiting || state.stopped)) return;
    generation += 1;
    clearTimeout(searchTimer);
    clearTimeout(retryTimer);
    clearInterval(ticker);
    state.searchKey = key;
    state.doc = null;
    state.refused = false;
    state.waiting = false;
    state.stopped = false;
    showSearching(0);
    searchTimer = setTimeout(search, 250);
  }

  /** Asks the question; `quiet` (a retry while the planner is busy) keeps the busy words until the search has run a second. */
  async function search(quiet = false) {
    await ready;
    if (section('options').hidden) return;
    const body = question();
    const key = JSON.stringify(body);
    generation += 1;
    const mine = generation;
    state.searchKey = key;
    state.doc = null;
    state.refused = false;
    state.waiting = false;
    state.stopped = false;
    clearErrors();
    clearTimeout(retryTimer);
    clearInterval(ticker);
    // The seconds of this search only (a replaced one is stopped by the server).
    const began = Date.now();
    if (!quiet) showSearching(0);
    ticker = setInterval(() => { if (mine === generation) showSearching(Math.round((Date.now() - began) / 1000)); }, 1000);
    const flight = { generation: mine };
    inFlight = flight;
    try {
      const doc = await api('POST', '/api/plan', { ...body, search: SEARCH_ID });
      if (inFlight === flight) inFlight = null;
      if (mine !== generation) return;
      clearInterval(ticker);
      const lookup = await gameLookup(doc);
      await loads.venues;
      if (mine !== generation || section('options').hidden) return;
      state.doc = doc;
      await renderOptions(doc, lookup);
    } catch (error) {
      if (inFlight === flight) inFlight = null;
      if (mine !== generation) return;
      clearInterval(ticker);
      if (error.status === 503 && error.kind === 'unavailable') showBusy(error, mine);
      else {
        state.refused = true;
        showSearchError(error);
      }
    }
  }

  /** Stops the running search: its answer (the best found so far, `stopped`) is then shown. */
  async function cancelSearch() {
    clearTimeout(searchTimer);
    clearTimeout(retryTimer);
    const flight = inFlight;
    if (!flight || flight.generation !== generation) {
      // Not asked yet (or waiting for a slot): nothing of this question runs
      // on the server (an older question still running is stopped).
      if (flight) api('DELETE', `/api/plan/searches/${SEARCH_ID}`).catch(() => {});
      generation += 1;
      clearInterval(ticker);
      state.stopped = true;
      state.waiting = false;
      showStopped();
      return;
    }
    if (state.stopped) return;
    state.stopped = true;
    // The button stays (and keeps the focus) until the stopped search answers.
    const button = byId('search-actions').querySelector('[data-action="cancel-search"]');
    if (button) { button.textContent = 'Stopping…'; button.setAttribute('aria-disabled', 'true'); }
    // The server may not have begun it yet (DELETE then says stopped: false): ask again until it has ended.
    while (inFlight === flight) {
      const answer = await api('DELETE', `/api/plan/searches/${SEARCH_ID}`).catch(() => ({ stopped: false }));
      if (answer.stopped || inFlight !== flight) return;
      await new Promise((resolve) => { setTimeout(resolve, 200); });
    }
  }

  /** Asks the same question again now (Retry, Search again). */
  function searchAgain() {
    state.searchKey = null;
    requestSearch();
  }

  /** The buttons beside the status: each `[label, action, handler]`. */
  function setActions(actions) {
    const box = byId('search-actions');
    const focused = box.contains(document.activeElement);
    box.replaceChildren(...actions.map(([label, action, handler]) =>
      el('button', { type: 'button', dataset: { action }, onclick: handler }, label)));
    // A keyboard user who pressed Cancel or Retry keeps a place: the next button.
    if (focused && box.firstElementChild) box.firstElementChild.focus();
  }

  function showSearching(seconds) {
    const status = byId('search-status');
    status.classList.add('busy');
    status.replaceChildren(el('span', { class: 'spinner', 'aria-hidden': 'true' }),
      `Searching… ${seconds ? `${seconds} s` : ''}`.trim(),
      el('span', { class: 'sub', text: state.kind === 'all-parks' ? ' A whole season can take up to two minutes.' : ' Usually a few seconds.' }));
    const actions = byId('search-actions');
    if (!state.stopped && (!actions.querySelector('[data-action="cancel-search"]') || actions.querySelector('[data-action="retry-search"]'))) {
      setActions([['Cancel search', 'cancel-search', cancelSearch]]);
    }
    showTip(true);
    byId('options-list').setAttribute('aria-busy', 'true');
    byId('options-list').classList.add('stale');
  }

  /** The planner is busy: says so, offers Retry, and tries again by itself (Retry-After). */
  function showBusy(error, mine) {
    state.waiting = true;
    const status = byId('search-status');
    status.classList.remove('busy');
    const seconds = Math.max(1, Math.min(30, error.retryAfter || 1));
    status.replaceChildren(el('strong', { text: error.message.charAt(0).toUpperCase() + error.message.slice(1) + '.' }),
      el('span', { class: 'sub', text: ' This page tries again by itself; or press Retry.' }));
    setActions([['Retry', 'retry-search', searchAgain], ['Cancel search', 'cancel-search', cancelSearch]]);
    showTip(true);
    byId('options-list').setAttribute('aria-busy', 'true');
    retryTimer = setTimeout(() => { if (mine === generation && state.waiting) search(true); }, seconds * 1000);
  }

  /** A search stopped before it was asked or answered. */
  function showStopped() {
    const status = byId('search-status');
    status.classList.remove('busy');
    status.replaceChildren('Search cancelled. Change an answer, or search again.');
    setActions([['Search again', 'search-again', searchAgain]]);
    showTip(false);
    byId('options-list').removeAttribute('aria-busy');
    byId('options-list').classList.remove('stale');
  }

  // MARK: Planning tips while a search runs (GET /api/tips)

  let tips = [];
  let tipIndex = 0;
  let tipTimer = null;
  api('GET', '/api/tips?count=3').then((answer) => { tips = answer.tips; if (!byId('search-tip').hidden) showTip(true, true); }).catch(() => {});

  /** Shows a planning tip under the status while a search runs (a new one every few seconds); hides it otherwise. */
  function showTip(shown, redraw = false) {
    const box = byId('search-tip');
    if (!shown || !tips.length) {
      box.hidden = true;
      clearInterval(tipTimer);
      tipTimer = null;
      return;
    }
    if (!box.hidden && !redraw) return;
    const draw = () => {
      const tip = tips[tipIndex % tips.length];
      box.dataset.tipId = tip.id;
      byId('search-tip-text').textContent = tip.text;
    };
    draw();
    box.hidden = false;
    clearInterval(tipTimer);
    tipTimer = setInterval(() => { tipIndex += 1; draw(); }, 8000);
  }

  function clearOptions() {
    clearTimeout(searchTimer);
    clearTimeout(retryTimer);
    clearInterval(ticker);
    generation += 1;
    // The search that no longer answers anything shown is stopped on the server.
    if (inFlight) api('DELETE', `/api/plan/searches/${SEARCH_ID}`).catch(() => {});
    state.doc = null;
    state.searchKey = null;
    state.refused = false;
    state.waiting = false;
    state.stopped = false;
    byId('options-list').replaceChildren();
    byId('search-status').replaceChildren();
    setActions([]);
    showTip(false);
  }

  function clearErrors() {
    for (const node of document.querySelectorAll('.step-error')) node.textContent = '';
    showError('');
  }

  /** The step a refused member belongs to. */
  function stepOf(field) {
    if (!field) return 'options';
    if (field === 'from' || field === 'to' || field === 'season' || field.startsWith('teams')) return 'dates';
    if (field.startsWith('startNear') || field.startsWith('endNear') || field === 'follow') return 'places';
    if (field.startsWith('must')) return 'must';
    if (field === 'maxDriveHours') return 'drive';
    if (field.startsWith('sports')) return 'sports';
    return 'options';
  }

  function showSearchError(error) {
    const step = stepOf(error.field);
    const status = byId('search-status');
    status.classList.remove('busy');
    setActions([]);
    showTip(false);
    byId('options-list').removeAttribute('aria-busy');
    byId('options-list').classList.remove('stale');
    byId('options-list').replaceChildren();
    const box = document.querySelector(`.step-error[data-error-for="${step}"]`);
    if (box) box.textContent = error.message.charAt(0).toUpperCase() + error.message.slice(1) + (/[.!?)]$/.test(error.message) ? '' : '.');
    if (step !== 'options') status.textContent = 'No search yet: one of your answers above needs a change (it says why).';
    else status.textContent = error.status === 400 ? 'No trip fits these answers.' : 'The search could not be run.';
  }

  /** Every game of the document's options by id (GET /api/games over its dates). */
  async function gameLookup(doc) {
    const sports = doc.query.sports.length ? doc.query.sports : state.sports;
    let from = doc.query.from;
    let to = doc.query.to;
    if (doc.query.kind === 'all-parks') {
      const s = season();
      if (!s) return new Map();
      from = from || s.from;
      to = s.to;
    }
    if (!doc.options.length) return new Map();
    const games = await gamesOf(sports, from, to);
    return new Map(games.map((g) => [g.id, g]));
  }

  // MARK: The options

  async function renderOptions(doc, lookup) {
    const list = byId('options-list');
    const status = byId('search-status');
    status.classList.remove('busy');
    list.removeAttribute('aria-busy');
    list.classList.remove('stale');
    status.replaceChildren(...summary(doc));
    setActions(doc.stopped ? [['Search again', 'search-again', searchAgain]] : []);
    showTip(false);
    const nodes = [];
    const maps = [];
    let group = null;
    for (const option of doc.options) {
      if (option.group && option.group !== group) {
        group = option.group;
        nodes.push(el('h3', { class: 'group-header', dataset: { group }, text: group }));
      }
      const { card, mapNode, stops } = optionCard(doc, option, lookup);
      nodes.push(card);
      if (mapNode) maps.push({ mapNode, stops });
    }
    list.replaceChildren(...nodes);
    for (const { mapNode, stops } of maps) drawMap(mapNode, stops);
  }

  function summary(doc) {
    const options = doc.options;
    if (doc.stopped) {
      const best = options[0];
      if (!best) return [el('strong', { text: 'Search cancelled' }), ' before it found a trip.'];
      return doc.query.kind === 'all-parks'
        ? [el('strong', { text: `Search cancelled: shortest found ${best.days} days` }), ` — not proven; no trip can be shorter than ${doc.bound} days.`]
        : [el('strong', { text: 'Search cancelled' }), ` — the best found by then, not proven. ${options.length} option${options.length === 1 ? '' : 's'}.`];
    }
    if (doc.query.kind === 'all-parks') {
      const best = options[0];
      if (!best) return [`No trip through every park was found in the time allowed. Proven: it takes at least ${doc.bound} days.`];
      return doc.proven
        ? [el('strong', { text: '✓ Proven shortest: ' }), `${best.days} days. Every shorter trip was ruled out.`]
        : [el('strong', { text: `Shortest found: ${best.days} days` }), ` — not proven optimal in the time allowed; no trip can be shorter than ${doc.bound} days.`];
    }
    if (!options.length) {
      return ['No trip fits these answers: no game is near the start or end asked for, or the must-see games rule each other out. Try other dates, cities or a longer drive.'];
    }
    const count = `${options.length} option${options.length === 1 ? '' : 's'}`;
    return doc.proven
      ? [el('strong', { text: '✓ Proven best: ' }), `no trip in your dates sees more parks, and none as good drives less. ${count}.`]
      : [el('strong', { text: 'Best found in the time allowed' }), ` — not proven optimal (the search was stopped). ${count}.`];
  }

  /** "Tokyo Dome, Tokyo" as the option's stop of `gameID` names it (the name on the game's date). */
  function stopsByGame(option) {
    const byGame = new Map();
    for (const stop of option.stops || []) for (const id of stop.gameIDs) byGame.set(id, stop);
    return byGame;
  }

  /**
   * The option's stops in order, each with its point, its name (on the
   * date of its first game) and how it is reached from the stop before:
   * 'flight' when the plan document lists a flight from that stop's last
   * game, else 'drive'.
   */
  function optionStops(option) {
    const flightFrom = new Set((option.flights || []).map((f) => f.fromGameID));
    const stops = [];
    for (const stop of option.stops || []) {
      const venue = venues[stop.venueID];
      const last = stops[stops.length - 1];
      const by = last && flightFrom.has(last.lastGame) ? 'flight' : 'drive';
      stops.push({ id: stop.venueID, name: stop.name, city: stop.city, by, lastGame: stop.gameIDs[stop.gameIDs.length - 1],
        point: venue ? [venue.latitude, venue.longitude] : null });
    }
    return stops;
  }

  /** The route line: "Tokyo Dome ✈ Dodger Stadium → Petco Park", a flight said in words to a screen reader. */
  function routeLine(stops) {
    const parts = [];
    stops.forEach((stop, index) => {
      if (index > 0) {
        parts.push(stop.by === 'flight'
          ? el('span', { class: 'leg-flight' }, [el('span', { 'aria-hidden': 'true', text: ' ✈ ' }), el('span', { class: 'sr-only', text: ' then a flight to ' })])
          : el('span', { class: 'leg-drive' }, [el('span', { 'aria-hidden': 'true', text: ' → ' }), el('span', { class: 'sr-only', text: ' then a drive to ' })]));
      }
      parts.push(stop.name);
    });
    return parts;
  }

  function optionCard(doc, option, lookup) {
    const games = option.gameIDs.map((id) => lookup.get(id) || { id, date: '', start: '', away: '', home: id, venueID: '', sport: '' });
    const byGame = stopsByGame(option);
    const stops = optionStops(option);
    const figures = [
      [option.parks, option.parks === 1 ? 'park' : 'parks'],
      [option.cities, option.cities === 1 ? 'city' : 'cities'],
      [option.days, option.days === 1 ? 'day' : 'days'],
      [games.length, games.length === 1 ? 'game' : 'games'],
    ];
    const flights = option.flights || [];
    const stopName = (venueID) => { const stop = stops.find((s) => s.id === venueID); return stop ? stop.city : venueID; };
    const slack = option.minSlackSeconds === null ? '—'
      : `${duration(option.minSlackSeconds)} to spare${option.minSlackEstimated ? ' (by estimated start times)' : ''}`;
    const travel = [
      ['Distance', distance(option.distanceMeters, false)],
      ['Driving', option.driveSeconds ? duration(option.driveSeconds) : 'none'],
      flights.length ? ['Flying', `${duration(option.flightSeconds)}: ${flights.map((f) => `${stopName(f.from)} ✈ ${stopName(f.to)}`).join(', ')}`] : null,
      ['Tightest leg', slack],
      option.parksPerThousandMiles === null || option.parksPerThousandMiles === undefined ? null
        : ['Efficiency', `${option.parksPerThousandMiles.toFixed(1)} parks per 1,000 mi`],
    ].filter(Boolean);
    const names = stops.map((stop, index) => (index > 0 && stop.by === 'flight' ? `flight to ${stop.name}` : stop.name));
    const mapNode = typeof L === 'undefined' ? null
      : el('div', { class: 'option-map', role: 'img', 'aria-label': `Map of option ${option.rank}: ${names.join(' → ')}` });
    const best = option.rank === 1 && doc.proven && doc.query.sort === 'recommended';
    const card = el('article', { class: 'option-card', dataset: { optionRank: String(option.rank) }, 'aria-labelledby': `option-${option.rank}-title` }, [
      el('header', { class: 'option-head' }, [
        el('h3', { id: `option-${option.rank}-title` }, [`Option ${option.rank}`, best ? el('span', { class: 'badge', text: 'Best' }) : null]),
        el('p', { class: 'route-line' }, routeLine(stops)),
      ]),
      el('ul', { class: 'figures', 'aria-label': 'Figures' }, figures.map(([n, noun]) => el('li', {}, [el('strong', { text: String(n) }), ` ${noun}`]))),
      el('dl', { class: 'travel' }, travel.flatMap(([term, value]) => [el('dt', { text: term }), el('dd', { dataset: { figure: term.toLowerCase().replace(/ /g, '-') }, text: value })])),
      el('div', { class: 'option-body' }, [
        el('ol', { class: 'option-games', 'aria-label': `Games of option ${option.rank}` }, games.map((game) => {
          const stop = byGame.get(game.id);
          return el('li', { dataset: { gameId: game.id } }, [
            el('span', { class: 'when', text: game.date ? `${shortDate(game.date)} · ${gameTime(game)}` : '' }),
            el('span', { class: 'what', text: `${sportIcons[game.sport] || ''} ${game.neutralSite ? `${game.away} vs ${game.home}` : `${game.away} @ ${game.home}`}` }),
            el('span', { class: 'where', text: stop ? `${stop.name}, ${stop.city}` : game.venueID }),
          ]);
        })),
        mapNode,
      ]),
      el('footer', { class: 'option-foot' }, [
        el('button', {
          type: 'button', class: 'primary', dataset: { action: 'pick-option' },
          'aria-label': `Plan this trip: option ${option.rank}`,
          onclick: () => pick(doc, option, games),
        }, 'Plan this trip'),
      ]),
    ]);
    return { card, mapNode, stops: stops.filter((stop) => stop.point) };
  }

  function drawMap(node, stops) {
    if (!node.isConnected || !stops.length) return;
    const map = SportsTime.basemapMap(node, {
      zoomControl: false, attributionControl: false, dragging: false, scrollWheelZoom: false, doubleClickZoom: false,
      boxZoom: false, keyboard: false, touchZoom: false, tap: false, zoomSnap: 0.25,
    });
    SportsTime.drawRoute(map, stops.map((s) => ({ point: s.point, name: s.name, by: s.by })), { maxZoom: 8, interactive: false });
  }

  // MARK: Making a trip of an option

  let picking = null;

  function pick(doc, option, games) {
    picking = { option, games };
    byId('trip-name').value = defaultName(doc, option, games);
    byId('pick-summary').textContent = `Option ${option.rank}: ${option.parks} parks, ${games.length} games, ${option.days} days. It opens in the editor, its drives placed between the games.`;
    byId('pick-error').textContent = '';
    byId('pick-dialog').showModal();
    byId('trip-name').select();
  }

  function dateRange(first, last) {
    if (!first) return '';
    if (first === last) return longDate(first).replace(/^\w+, /, '');
    const [fy, fm] = first.split('-');
    const [ly, lm] = last.split('-');
    const end = longDate(last).replace(/^\w+, /, '');
    if (fy === ly && fm === lm) return `${shortDate(first).replace(/^\w+, /, '')}–${Number(last.split('-')[2])}, ${ly}`;
    if (fy === ly) return `${shortDate(first).replace(/^\w+, /, '')} – ${end}`;
    return `${longDate(first).replace(/^\w+, /, '')} – ${end}`;
  }

  function defaultName(doc, option, games) {
    const dates = games.map((g) => g.date).filter(Boolean);
    const range = dateRange(dates[0], dates[dates.length - 1]);
    const q = doc.query;
    switch (q.kind) {
      case 'all-parks': return `Every ${q.sports[0]} park, ${q.season}`;
      case 'follow': return `Following the ${q.follow ? q.follow.name : 'team'}, ${range}`;
      case 'route': return `${q.startNear.name} to ${q.endNear.name}, ${range}`;
      default: return `${option.parks} parks, ${range}`;
    }
  }

  byId('pick-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = byId('pick-create');
    button.disabled = true;
    try {
      const trip = await api('POST', '/api/trips', { name: byId('trip-name').value, games: picking.option.gameIDs });
      location.href = `/trips/${trip.trip.id}`;
    } catch (error) {
      byId('pick-error').textContent = error.message;
      button.disabled = false;
    }
  });
  byId('pick-cancel').addEventListener('click', () => byId('pick-dialog').close());

  // MARK: Answers

  for (const input of document.querySelectorAll('input[name="kind"]')) {
    input.addEventListener('change', () => {
      const was = state.kind;
      state.kind = input.value;
      if (state.kind === 'all-parks' && state.sports.length > 1) state.sports = state.sports.slice(0, 1);
      if ((was === 'all-parks') !== (state.kind === 'all-parks')) state.dropped = [];
      if (state.kind === 'all-parks') state.sports = state.sports.filter((s) => { const e = sportEntry(s, state.imported); return e && e.available; });
      renderSeasons();
      refreshSportsInDates();
      refreshScoped();
      renderSports();
      update();
    });
  }

  function onDates(event) {
    // A first day moved past the last (or too far before it) takes the
    // last day along, keeping the trip's length: the later steps stay.
    if (event && event.target.id === 'from' && state.from && state.to && byId('from').value) {
      const span = dayNumber(state.to) - dayNumber(state.from);
      const gap = dayNumber(state.to) - dayNumber(byId('from').value);
      if (span >= 0 && (gap < 0 || gap >= MAX_DAYS)) byId('to').value = addDays(byId('from').value, span);
    }
    state.from = byId('from').value;
    state.to = byId('to').value;
    state.dropped = [];
    refreshSportsInDates().then(() => { refreshScoped(); update(); });
    update();
  }
  byId('from').addEventListener('change', onDates);
  byId('to').addEventListener('change', onDates);
  byId('season').addEventListener('change', () => { state.season = byId('season').value; update(); });
  byId('season-from').addEventListener('change', () => { state.seasonFrom = byId('season-from').value; update(); });

  for (const input of document.querySelectorAll('input[name="places"]')) {
    input.addEventListener('change', () => { state.places = input.value; update(); });
  }
  // A city is taken when the field is left (change), or at once when what
  // is typed is one of the list's cities (a pick from the suggestions).
  const cityNames = () => new Set([...byId('city-list').options].map((o) => o.value.toLowerCase()));
  for (const [id, key] of [['start-city', 'startCity'], ['end-city', 'endCity']]) {
    byId(id).addEventListener('change', () => { state[key] = byId(id).value; update(); });
    byId(id).addEventListener('input', () => {
      const value = byId(id).value;
      if (value !== state[key] && cityNames().has(value.trim().toLowerCase())) { state[key] = value; update(); }
    });
  }
  byId('radius').addEventListener('change', () => { state.radius = Number(byId('radius').value); update(); });
  byId('team').addEventListener('change', () => { state.team = byId('team').value; renderMustGames(); update(); });

  for (const input of document.querySelectorAll('input[name="must"]')) {
    input.addEventListener('change', () => { state.must = input.value; renderMustGames(); update(); });
  }
  byId('must-filter').addEventListener('input', () => renderMustGames());

  for (const input of document.querySelectorAll('input[name="drive"]')) {
    input.addEventListener('change', () => { state.drive = input.value; update(); });
  }
  byId('drive-hours').addEventListener('change', () => {
    state.hours = Number(byId('drive-hours').value);
    if (state.drive !== 'hours') { state.drive = 'hours'; document.querySelector('input[name="drive"][value="hours"]').checked = true; }
    const bad = !(state.hours >= 0.5 && state.hours <= 24);
    document.querySelector('.step-error[data-error-for="drive"]').textContent = bad ? 'Give the hours as a number from 0.5 to 24.' : '';
    update();
  });
  byId('drive-hours').addEventListener('focus', () => {
    if (state.drive !== 'hours') { state.drive = 'hours'; document.querySelector('input[name="drive"][value="hours"]').checked = true; update(); }
  });

  byId('sort').addEventListener('change', () => { state.sort = byId('sort').value; update(); });

  // The fields start empty: the browser would restore the answers into
  // them, but not what they revealed; the address's answers (readAddress)
  // are put back once the sports are known.
  for (const input of document.querySelectorAll('main input[type="radio"], main input[type="checkbox"]')) input.checked = false;
  for (const id of ['from', 'to', 'season-from', 'start-city', 'end-city', 'must-filter']) byId(id).value = '';
  byId('drive-hours').value = String(state.hours);
  byId('radius').value = String(state.radius);
  shapeSteps();
})();
