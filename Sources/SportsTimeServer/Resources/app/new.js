// SportsTime — the new-trip screen (/trips/new): find games (the CLI's
// games list), pick some, see them as a route, create the trip.
'use strict';

(() => {
  const { api, el, gameTime, shortDate } = SportsTime;
  const statusLine = document.getElementById('status');
  const picked = new Map(); // game id → game
  let venues = {};
  let map = null;
  let layer = null;
  if (typeof L === 'undefined') {
    // Leaflet (Debian's libjs-leaflet) missing: games are still found and
    // picked; say why there is no map.
    const notice = document.getElementById('notice');
    notice.textContent = 'The server could not find Leaflet (the map; Debian package libjs-leaflet); see its --assets option. Games can still be found, picked and made into a trip.';
    notice.hidden = false;
    document.getElementById('map').hidden = true;
  }

  // An error is shown next to what caused it (the server's `field`: the
  // input of that name, the picks for `games`), scrolled into view, and the
  // input it is about is focused and described by it; an error about no
  // field in particular is shown under the button that was pressed.
  const errorPlaces = {
    team: ['filters-error', 'team'], venue: ['filters-error', 'venue'], sport: ['filters-error', 'sport'],
    from: ['filters-error', 'from'], to: ['filters-error', 'to'],
    name: ['name-error', 'name'], start: ['start-error', 'start'], end: ['end-error', 'end'],
    games: ['games-error', null],
  };
  function clearErrors() {
    for (const node of document.querySelectorAll('.field-error')) { node.hidden = true; node.textContent = ''; }
    for (const node of document.querySelectorAll('[aria-invalid="true"]')) {
      node.removeAttribute('aria-invalid');
      node.removeAttribute('aria-describedby');
    }
  }
  function showFieldError(error, fallback) {
    clearErrors();
    const field = String(error.field || '').replace(/\[\d+\]$/, '');
    const [errorID, inputID] = errorPlaces[field] || [fallback, null];
    const box = document.getElementById(errorID);
    box.textContent = error.message;
    box.hidden = false;
    const input = inputID && document.getElementById(inputID);
    box.scrollIntoView({ block: 'center' });
    if (input) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', errorID);
      input.focus({ preventScroll: true });
    } else {
      box.focus({ preventScroll: true });
    }
  }

  api('GET', '/api/venues').then((answer) => { venues = answer.venues; }).catch(() => {});

  function gameText(game) {
    const venue = venues[game.venueID];
    const time = gameTime(game);
    // The venue's name on the game's date, as the server says it.
    const venueName = game.venueName || (venue ? venue.name : game.venueID);
    return `${shortDate(game.date)} · ${time} · ${game.away} @ ${game.home} · ${venueName}`;
  }

  document.getElementById('filters').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = event.target;
    const query = new URLSearchParams();
    for (const key of ['team', 'venue', 'sport', 'from', 'to']) {
      if (form[key].value.trim()) query.set(key, form[key].value.trim());
    }
    try {
      const games = await api('GET', `/api/games?${query}`);
      const list = document.getElementById('games');
      list.replaceChildren(...games.slice(0, 500).map((game) => el('li', {}, [
        el('label', {}, [
          el('input', {
            type: 'checkbox', value: game.id, checked: picked.has(game.id) ? true : undefined,
            disabled: game.status === 'cancelled' ? true : undefined,
            onchange: (change) => toggle(game, change.target.checked),
          }),
          el('span', { text: gameText(game) + (game.status === 'cancelled' ? ' · cancelled' : '') }),
        ]),
      ])));
      statusLine.textContent = games.length > 500 ? `${games.length} games; the first 500 are shown: narrow the dates.`
        : `${games.length} game${games.length === 1 ? '' : 's'}.`;
      const empty = document.getElementById('games-empty');
      empty.textContent = 'No games match: try another team, venue or dates.';
      empty.hidden = games.length > 0;
      clearErrors();
    } catch (error) {
      // No stale results beside an error about the form.
      document.getElementById('games').replaceChildren();
      document.getElementById('games-empty').hidden = true;
      statusLine.textContent = '';
      showFieldError(error, 'filters-error');
    }
  });

  function toggle(game, on) {
    if (on) picked.set(game.id, game); else picked.delete(game.id);
    drawPicks();
  }

  // A pick is removed from "Your picks" whatever the list of games shows
  // now; its box in the list (when shown) is unticked with it.
  function removePick(game) {
    picked.delete(game.id);
    for (const box of document.querySelectorAll('#games input[type=checkbox]')) {
      if (box.value === game.id) box.checked = false;
    }
    drawPicks();
    const next = document.querySelector('#picked button.remove') || document.getElementById('games').querySelector('input') || document.getElementById('team');
    next.focus();
  }

  function drawPicks() {
    const games = [...picked.values()].sort((a, b) => a.start.localeCompare(b.start));
    document.getElementById('picked').replaceChildren(...games.map((game) => el('li', {}, [
      el('div', { class: 'pick' }, [
        el('span', { text: gameText(game) }),
        el('button', {
          type: 'button', class: 'small remove', text: 'Remove',
          'aria-label': `Remove ${game.away} @ ${game.home}, ${shortDate(game.date)}`,
          onclick: () => removePick(game),
        }),
      ]),
    ])));
    document.getElementById('create-trip').disabled = games.length === 0;
    document.getElementById('picked-empty').hidden = games.length > 0;
    if (typeof L === 'undefined') return;
    document.getElementById('map').hidden = games.length === 0;
    if (games.length === 0) return;
    if (!map) {
      map = SportsTime.basemapMap('map');
    }
    if (layer) layer.remove();
    const stops = games.map((game) => venues[game.venueID]).filter(Boolean).map((v) => ({ point: [v.latitude, v.longitude], name: v.name }));
    layer = SportsTime.drawRoute(map, stops, { maxZoom: 8 });
  }

  document.getElementById('create').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = event.target;
    const body = { name: form.name.value, games: [...picked.keys()] };
    if (form.start.value) body.start = form.start.value;
    if (form.end.value) body.end = form.end.value;
    try {
      const trip = await api('POST', '/api/trips', body);
      // The answer's warnings (a leg too long for the time between its
      // games) are shown by the trip's page, where the leg is.
      if ((trip.warnings || []).length) sessionStorage.setItem(`sportstime-created-warnings:${trip.trip.id}`, JSON.stringify(trip.warnings));
      location.href = `/trips/${trip.trip.id}`;
    } catch (error) {
      showFieldError(error, 'create-error');
    }
  });
})();
