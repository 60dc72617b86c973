// SportsTime — the progress screen (/progress): per sport, every venue as a
// card with its visit count, teams seen and venues visited (the server's
// counts), one venue's visits as cards, and visits added, edited and
// removed in a dialog. Every rule is the server's; this page shows answers.
'use strict';

(() => {
  const { api, el, longDate, showError } = SportsTime;
  const statusLine = document.getElementById('status');
  const dialog = document.getElementById('visit-dialog');
  const form = document.getElementById('visit-form');
  const panel = document.getElementById('venue-panel');
  const params = new URLSearchParams(location.search);
  const nouns = { MLB: 'ballpark', NBA: 'arena', NHL: 'arena', NFL: 'stadium' };
  const sports = ['MLB', 'NBA', 'NHL', 'NFL'];

  const askedSport = (params.get('sport') || '').toUpperCase();
  if (askedSport && !sports.includes(askedSport)) {
    SportsTime.showNotice(SportsTime.unknownSportsNotice([params.get('sport')], 'MLB is shown.'));
  }
  const state = {
    sport: sports.includes(askedSport) ? askedSport : 'MLB',
    progress: null, // the sport's entry of GET /api/progress
    venue: params.get('venue'), // the venue whose visits are shown
    open: params.get('visit'), // a visit card to open
    openAsked: Boolean(params.get('visit')), // `open` came from the address (not a save)
    editing: null, // {visit} or {venueID, venueName}
  };

  /** "the schedule has …" as a sentence: capital first, full stop last. */
  function sentence(text) {
    const trimmed = text.trim();
    if (!trimmed) return '';
    const capital = trimmed[0].toUpperCase() + trimmed.slice(1);
    return /[.!?]$/.test(capital) ? capital : `${capital}.`;
  }
  function say(text) { statusLine.textContent = text; }
  /**
   * What a write did, on the status line, and its warnings (a typed score
   * that is not the game's, a matchup the schedule does not have) where
   * they are seen: in the venue's panel, until the next write (review 12,
   * item 5).
   */
  function report(message, warnings) {
    const lines = [message, ...warnings].map(sentence).filter(Boolean);
    say(lines.join(' '));
    const box = document.getElementById('venue-warning');
    box.textContent = warnings.map(sentence).join(' ');
    box.hidden = warnings.length === 0;
  }
  function plural(n, word) { return `${n} ${word}${n === 1 ? '' : 's'}`; }

  // MARK: Loading

  /**
   * Where the keyboard is, as a selector that finds the same control after
   * a redraw (a visit card's summary or button, a venue card's button), or null.
   */
  function focusedSelector() {
    const active = document.activeElement;
    if (!active || active === document.body) return null;
    const visit = active.closest('#visit-cards [data-visit-id]');
    if (visit) {
      const part = active.matches('summary') ? 'summary' : active.className ? `.${CSS.escape(active.classList[0])}` : 'summary';
      return `#visit-cards [data-visit-id="${CSS.escape(visit.dataset.visitId)}"] ${part}`;
    }
    const venue = active.closest('#venues [data-venue-id]');
    if (venue) return `#venues [data-venue-id="${CSS.escape(venue.dataset.venueId)}"] button`;
    return null;
  }

  async function load() {
    try {
      const [progress, recent] = await Promise.all([
        api('GET', `/api/progress?sport=${state.sport}`),
        api('GET', '/api/visits'),
      ]);
      // A redraw (a live change, a save) keeps the keyboard where it was.
      const focused = focusedSelector();
      state.progress = progress.sports[0];
      render(recent.visits);
      if (state.venue) await showVenue(state.venue, false);
      if (focused && document.activeElement === document.body) {
        const again = document.querySelector(focused);
        if (again) again.focus({ preventScroll: true });
      }
      showError('');
    } catch (error) {
      showError(error.message);
    }
  }

  function render(recent) {
    for (const chip of document.querySelectorAll('#sport-chips [data-sport]')) {
      chip.setAttribute('aria-pressed', String(chip.dataset.sport === state.sport));
    }
    const sport = state.progress;
    const noun = nouns[state.sport];
    document.getElementById('teams-seen').textContent = sport.teamsSeen;
    document.getElementById('teams-label').textContent = `of ${plural(sport.teamsTotal, 'team')} seen at home`;
    document.getElementById('venues-visited').textContent = sport.ballparksVisited;
    document.getElementById('venues-label').textContent = `${noun}${sport.ballparksVisited === 1 ? '' : 's'} visited`;
    document.getElementById('venues-title').textContent = `${noun[0].toUpperCase()}${noun.slice(1)}s`;
    document.getElementById('venues').replaceChildren(...sport.venues.map(venueCard));
    const list = document.getElementById('recent');
    const shown = recent.slice(0, 5);
    list.replaceChildren(...(shown.length ? shown.map(recentRow)
      : [el('li', { class: 'empty', text: 'No visits yet. Pick a venue below and add your first.' })]));
  }

  function venueCard(venue) {
    const visited = venue.visits > 0;
    return el('li', { class: `venue-card${visited ? ' visited' : ''}`, 'data-venue-id': venue.venueID }, [
      el('button', { type: 'button', class: 'venue-open', 'aria-label': `${venue.name}, ${visited ? plural(venue.visits, 'visit') : 'not visited yet'}`, onclick: () => showVenue(venue.venueID, true) }, [
        el('span', { class: 'venue-name', text: venue.name }),
        el('span', { class: 'venue-meta', text: venue.city || '' }),
        el('span', { class: 'venue-meta', text: visited ? `Last visit ${longDate(venue.lastVisit)}` : 'Not visited yet' }),
        visited ? el('span', { class: 'badge', 'aria-hidden': 'true', title: plural(venue.visits, 'visit'), text: String(venue.visits) }) : null,
      ]),
    ]);
  }

  function recentRow(visit) {
    return el('li', { class: 'recent-row', 'data-visit-id': visit.id }, [
      el('a', { href: `/progress?sport=${visit.sport}&venue=${encodeURIComponent(visit.venueID)}&visit=${visit.id}` }, [
        el('span', { class: 'what', text: visit.matchup || visit.venue }),
        // Without a matchup the venue is the row's title: named once
        // (issue 28, item 23).
        el('span', { class: 'venue-meta', text: [longDate(visit.date), visit.matchup ? visit.venue : null, visit.score ? `${visit.score.away}-${visit.score.home}` : null, visit.sport].filter(Boolean).join(' · ') }),
      ]),
    ]);
  }

  // MARK: One venue's visits

  async function showVenue(venueID, focus) {
    const venue = state.progress.venues.find((v) => v.venueID === venueID);
    let answer;
    try {
      answer = await api('GET', `/api/visits?venue=${encodeURIComponent(venueID)}&sport=${state.sport}`);
    } catch (error) {
      if (error.status === 404 && state.venue === venueID && !focus) {
        // A link to a venue that does not exist: said, and the screen is shown without it.
        state.venue = null;
        SportsTime.showNotice(`The address names a venue SportsTime does not know ('${String(venueID).slice(0, 60)}'): pick one below.`);
        return;
      }
      showError(error.message);
      return;
    }
    if (state.venue !== venueID) document.getElementById('venue-warning').hidden = true;
    state.venue = venueID;
    const visits = answer.visits;
    // The server names the venue, one with no visits yet or off this
    // sport's list (a neutral site) too (review 12, item 4).
    const named = answer.venue || venue || {};
    const name = named.name || (visits[0] ? visits[0].venue : 'This venue');
    state.venueName = name;
    document.getElementById('venue-panel-title').textContent = name;
    document.getElementById('venue-panel-meta').textContent =
      [named.city, visits.length ? plural(visits.length, 'visit') : 'Not visited yet'].filter(Boolean).join(' · ');
    // A redraw (after a write, or a change elsewhere) keeps the cards that were open, open.
    const wasOpen = new Set([...document.querySelectorAll('#visit-cards details[open]')].map((d) => d.parentElement.dataset.visitId));
    document.getElementById('visit-cards').replaceChildren(...visits.map(visitCard));
    for (const card of document.querySelectorAll('#visit-cards [data-visit-id]')) {
      if (wasOpen.has(card.dataset.visitId)) card.querySelector('details').open = true;
    }
    const add = document.getElementById('venue-add');
    add.textContent = visits.length ? 'Add Another Visit' : 'Add Visit';
    panel.hidden = false;
    for (const card of document.querySelectorAll('.venue-card')) card.classList.toggle('selected', card.dataset.venueId === venueID);
    if (state.open) {
      const card = document.querySelector(`.visit-card[data-visit-id="${CSS.escape(state.open)}"] details`);
      if (card) card.open = true;
      else if (state.openAsked) SportsTime.showNotice(`The visit the address names is not among ${name}'s ${state.sport} visits (it may have been removed): its visits are listed below.`);
      state.open = null;
      state.openAsked = false;
    }
    if (focus) {
      panel.scrollIntoView({ block: 'start' });
      panel.focus({ preventScroll: true });
    }
  }

  function visitCard(visit) {
    const score = visit.score ? `${visit.score.away}-${visit.score.home}` : null;
    return el('li', { class: 'visit-card', 'data-visit-id': visit.id }, [
      el('details', {}, [
        el('summary', {}, [
          el('span', { class: 'what', text: longDate(visit.date) }),
          el('span', { class: 'venue-meta', text: [visit.matchup || 'No matchup recorded', score && `final ${score}`].filter(Boolean).join(' · ') }),
        ]),
        el('dl', { class: 'visit-details' }, [
          el('dt', { text: 'Game' }), el('dd', { text: visit.gameID ? `${visit.matchup || 'A game'} (from the schedule)` : 'Typed by hand' }),
          el('dt', { text: 'Score' }), el('dd', { text: score || 'Not recorded' }),
          el('dt', { text: 'Venue' }), el('dd', { text: `${visit.venue}${visit.city ? `, ${visit.city}` : ''}` }),
          el('dt', { text: 'Notes' }), el('dd', { class: 'notes', text: visit.notes || '—', ...(visit.notes && visit.notes.length > 300 ? { tabindex: '0', 'aria-label': 'Notes (scrolls)' } : {}) }),
        ]),
        el('button', { type: 'button', class: 'small visit-edit', text: 'Edit', 'aria-label': `Edit the visit of ${longDate(visit.date)}`, onclick: () => openEdit(visit) }),
      ]),
    ]);
  }

  // MARK: The dialog

  /** Takes back the marks of a refused Save (each control's aria-invalid). */
  function clearInvalid() {
    for (const control of form.querySelectorAll('[aria-invalid]')) control.removeAttribute('aria-invalid');
  }
  form.addEventListener('input', (event) => event.target.removeAttribute('aria-invalid'));
  // The browser's own check refused Save (a score of -5): the server's
  // message from an earlier Save is no longer the news.
  form.addEventListener('invalid', () => { document.getElementById('visit-error').textContent = ''; }, true);

  function setMode(mode) {
    document.getElementById('game-part').hidden = mode !== 'game';
    document.getElementById('hand-part').hidden = mode !== 'hand';
    form.mode.value = mode;
  }

  function openAdd() {
    state.editing = { venueID: state.venue, venueName: state.venueName };
    document.getElementById('visit-dialog-title').textContent = `Add a visit to ${state.venueName}`;
    document.getElementById('visit-mode').hidden = false;
    document.getElementById('visit-linked').hidden = true;
    document.getElementById('visit-remove').hidden = true;
    for (const name of ['date', 'away', 'home', 'scoreAway', 'scoreHome', 'notes']) { form[name].value = ''; form[name].disabled = false; }
    document.getElementById('visit-game').replaceChildren();
    document.getElementById('visit-game-hint').textContent = 'Pick the date: the schedule\'s games there that day are listed.';
    document.getElementById('visit-error').textContent = '';
    clearInvalid();
    setMode('game');
    dialog.showModal();
    form.date.focus();
  }

  function openEdit(visit) {
    state.editing = { visit };
    document.getElementById('visit-dialog-title').textContent = `Edit the visit of ${longDate(visit.date)}`;
    // A visit typed by hand can be attached to its game of the schedule
    // (review 10, item 8); one from a game keeps it.
    document.getElementById('visit-mode').hidden = Boolean(visit.gameID);
    document.getElementById('visit-game').replaceChildren();
    document.getElementById('visit-game-hint').textContent = '';
    document.getElementById('visit-remove').hidden = false;
    const linked = document.getElementById('visit-linked');
    linked.hidden = !visit.gameID;
    linked.textContent = visit.gameID ? `From the schedule's game ${visit.matchup || ''}: its date and teams come from the schedule.` : '';
    setMode('hand');
    form.date.value = visit.date;
    form.away.value = visit.away || '';
    form.home.value = visit.home || '';
    for (const name of ['date', 'away', 'home']) form[name].disabled = Boolean(visit.gameID);
    form.scoreAway.value = visit.score ? visit.score.away : '';
    form.scoreHome.value = visit.score ? visit.score.home : '';
    form.notes.value = visit.notes || '';
    document.getElementById('visit-error').textContent = '';
    clearInvalid();
    dialog.showModal();
    (visit.gameID ? form.scoreAway : form.date).focus();
  }

  /** The schedule's games at the venue on the dialog's date. */
  async function listGames() {
    const select = document.getElementById('visit-game');
    const hint = document.getElementById('visit-game-hint');
    const editing = state.editing;
    if (!editing || (editing.visit && editing.visit.gameID) || form.mode.value !== 'game' || !form.date.value) return;
    const venueID = editing.visit ? editing.visit.venueID : editing.venueID;
    const venueName = editing.visit ? editing.visit.venue : editing.venueName;
    const sport = editing.visit ? editing.visit.sport : state.sport;
    const date = form.date.value;
    // Chrome fires change for each complete year while a date is typed
    // (0002, 0020, 0202, 2024): no lookup for those (review 11, F7).
    if (Number(date.slice(0, 4)) < 1900) return;
    try {
      const games = await api('GET', `/api/games?venue=${encodeURIComponent(venueID)}&from=${date}&to=${date}`);
      if (state.editing !== editing || form.date.value !== date) return; // a later pick answers
      // The visit's (or tab's) sport first (an arena holds several leagues' games); each says its league.
      games.sort((a, b) => (a.sport !== sport) - (b.sport !== sport));
      editing.games = games;
      editing.gamesDate = date;
      // Each game by matchup, start in the venue's zone (with its zone's
      // name) and venue, and its league: two games of an arena on one day
      // read apart (issue 28, item 15), no game ids.
      select.replaceChildren(...games.map((game) => el('option', { value: game.id, text: `${game.away} ${game.neutralSite ? 'vs' : '@'} ${game.home} · ${SportsTime.gameTime(game)} · ${game.venueName || venueName} · ${game.sport}` })));
      if (editing.visit) {
        hint.textContent = games.length
          ? 'Save links the visit to the game picked: its teams come from the schedule, and its final score when the visit has none.'
          : `The schedule has no game at ${venueName} on ${longDate(date)}: pick another date, or keep the visit typed by hand.`;
      } else {
        hint.textContent = games.length ? '' : `The schedule has no game at ${venueName} on ${longDate(date)}: Save records the day there, or type the game by hand.`;
      }
    } catch (error) {
      hint.textContent = error.message;
    }
  }

  function scoreValue() {
    const away = form.scoreAway.value.trim();
    const home = form.scoreHome.value.trim();
    if (away === '' && home === '') return null;
    return { away: Number(away === '' ? NaN : away), home: Number(home === '' ? NaN : home) };
  }

  /** The request body: a new visit's fields, or only what an edit changed. */
  function body() {
    const editing = state.editing;
    const score = scoreValue();
    const notes = form.notes.value.trim();
    if (!editing.visit) {
      // A game of the schedule gives the venue, date and teams; without one
      // the visit is this venue on the date (teams when typed).
      const answer = form.mode.value === 'game' && form.game.value
        ? { game: form.game.value }
        : { venue: editing.venueID, sport: state.sport, date: form.date.value };
      if (form.mode.value === 'hand' && (form.away.value.trim() || form.home.value.trim())) {
        answer.away = form.away.value.trim();
        answer.home = form.home.value.trim();
      }
      if (score) answer.score = score;
      if (notes) answer.notes = notes;
      return answer;
    }
    const visit = editing.visit;
    const changes = {};
    if (!visit.gameID && form.mode.value === 'game') {
      // Attaching the visit to a game of the schedule: the game gives the
      // teams (and its league, should the arena's other league's game be picked).
      if (form.date.value !== visit.date) changes.date = form.date.value;
      const game = (editing.games || []).find((g) => g.id === form.game.value);
      if (game) {
        changes.game = game.id;
        if (game.sport !== visit.sport) changes.sport = game.sport;
      }
    } else if (!visit.gameID) {
      if (form.date.value !== visit.date) changes.date = form.date.value;
      const away = form.away.value.trim();
      const home = form.home.value.trim();
      if (away !== (visit.away || '') || home !== (visit.home || '')) {
        if (away || home) { changes.away = away; changes.home = home; } else { changes.away = null; changes.home = null; }
      }
    }
    const old = visit.score;
    if (JSON.stringify(score) !== JSON.stringify(old ? { away: old.away, home: old.home } : null)) changes.score = score;
    if (notes !== (visit.notes || '')) changes.notes = notes || null;
    return changes;
  }

  /** Save: lists the day's games first when a date was just typed, then writes. */
  async function submit() {
    const editing = state.editing;
    const linking = form.mode.value === 'game' && !(editing.visit && editing.visit.gameID);
    if (linking && form.date.value && editing.gamesDate !== form.date.value) {
      // Save pressed before the day's games were listed (a date just typed):
      // list them first; with games to pick from, the user picks (review 11, F7).
      document.getElementById('visit-error').textContent = '';
      await listGames();
      if (state.editing !== editing) return;
      if (editing.gamesDate === form.date.value && editing.games.length) {
        document.getElementById('visit-game-hint').textContent =
          `The schedule has ${editing.games.length === 1 ? 'a game' : `${editing.games.length} games`} there that day: check the one picked, then Save.`;
        document.getElementById('visit-game').focus();
        return;
      }
    }
    const request = body();
    try {
      let answer;
      if (editing.visit) {
        if (Object.keys(request).length === 0) { dialog.close(); return; }
        answer = await api('PATCH', `/api/visits/${editing.visit.id}`, request);
        report(request.game
          ? `Linked the visit of ${longDate(answer.visit.date)} to ${answer.visit.matchup || 'its game'} of the schedule.`
          : `Saved the visit of ${longDate(answer.visit.date)}.`, answer.warnings);
        // A game of the arena's other league moves the visit to that league's tab.
        state.sport = answer.visit.sport;
      } else {
        answer = await api('POST', '/api/visits', request);
        report(answer.message, answer.warnings);
        // A game of the arena's other league (listed, and labelled, in the
        // dialog) is recorded under that league: its tab shows it.
        state.sport = answer.visit.sport;
      }
      state.open = answer.visit.id;
      state.venue = answer.visit.venueID;
      dialog.close();
      await load();
      // The cards were drawn anew: focus goes to the saved visit's card,
      // not to the page's start (review 10, item 16).
      const saved = document.querySelector(`#visit-cards [data-visit-id="${CSS.escape(answer.visit.id)}"] summary`);
      if (saved) saved.focus();
    } catch (error) {
      if (gone(editing, error)) return;
      // The server names the member it refuses: the dialog marks that
      // control and says the message alone (review 10, item 11).
      document.getElementById('visit-error').textContent = error.message;
      // Only the control this refusal is about stays marked.
      clearInvalid();
      const control = { date: form.date, game: form.game, away: form.away, home: form.home, score: form.scoreAway, notes: form.notes }[error.field];
      if (control && !control.disabled && !control.closest('[hidden]')) {
        control.setAttribute('aria-invalid', 'true');
        control.focus();
      }
    }
  }

  // The notes are several lines: Enter starts a new one there, and
  // Ctrl+Enter (⌘+Enter) saves from anywhere in the dialog, as Save does.
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      form.requestSubmit(document.getElementById('visit-save'));
    }
  });

  // One save at a time: a double click on Save records one visit, and
  // Save stays disabled until the server answered (review 12, item 1).
  let saving = false;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (saving) return;
    const save = document.getElementById('visit-save');
    saving = true;
    save.disabled = true;
    try {
      await submit();
    } finally {
      saving = false;
      save.disabled = false;
    }
  });

  document.getElementById('visit-remove').addEventListener('click', async () => {
    const visit = state.editing && state.editing.visit;
    if (!visit || !confirm(`Remove the visit of ${longDate(visit.date)} to ${visit.venue}?`)) return;
    try {
      const answer = await api('DELETE', `/api/visits/${visit.id}`);
      dialog.close();
      report(`Removed the visit of ${longDate(visit.date)}. ${answer.message}`, []);
      await load();
      const add = document.getElementById('venue-add');
      if (add && !add.closest('[hidden]')) add.focus();
    } catch (error) {
      if (gone(state.editing, error)) return;
      document.getElementById('visit-error').textContent = error.message;
    }
  });

  /**
   * Whether `error` says the visit being edited no longer exists (removed
   * in another tab or by the CLI): the dialog closes, the screen is drawn
   * as it is now and the status line says so in words, not by its id
   * (review 12, item 12).
   */
  function gone(editing, error) {
    if (!editing || !editing.visit || error.status !== 404 || error.field) return false;
    dialog.close();
    report(`The visit of ${longDate(editing.visit.date)} to ${editing.visit.venue} was removed elsewhere (another tab or the command line): nothing was saved.`, []);
    load();
    return true;
  }

  document.getElementById('visit-cancel').addEventListener('click', () => dialog.close());
  for (const radio of form.querySelectorAll('input[name="mode"]')) {
    radio.addEventListener('change', () => { setMode(radio.value); listGames(); });
  }
  form.date.addEventListener('change', listGames);
  document.getElementById('venue-add').addEventListener('click', openAdd);
  document.getElementById('venue-close').addEventListener('click', () => {
    panel.hidden = true;
    const card = document.querySelector(`.venue-card[data-venue-id="${CSS.escape(state.venue || '')}"] button`);
    state.venue = null;
    for (const node of document.querySelectorAll('.venue-card.selected')) node.classList.remove('selected');
    if (card) card.focus();
  });
  for (const chip of document.querySelectorAll('#sport-chips [data-sport]')) {
    chip.addEventListener('click', () => {
      state.sport = chip.dataset.sport;
      state.venue = null;
      panel.hidden = true;
      load();
    });
  }
  // The sticky headers below the page's own sit right under it, whatever its height.
  const bar = document.querySelector('header.bar');
  const measure = () => document.documentElement.style.setProperty('--bar-height', `${bar.offsetHeight}px`);
  window.addEventListener('resize', measure);
  measure();
  // Live: a visit recorded elsewhere (another tab, the CLI) redraws the
  // screen, once the dialog is closed.
  let stale = false;
  const visitsChanged = () => { if (dialog.open) stale = true; else load(); };
  SportsTime.listen({ 'visits-changed': visitsChanged }, visitsChanged);
  dialog.addEventListener('close', () => { if (stale) { stale = false; load(); } });
  load();
})();
