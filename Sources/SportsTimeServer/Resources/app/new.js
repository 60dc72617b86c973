// SportsTime — the new-trip screen (/trips/new): find games (the CLI's
// games list), pick some, see them as a route, create the trip.
'use strict';

(() => {
  const { api, el, localTime, shortDate, showError } = SportsTime;
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

  api('GET', '/api/venues').then((answer) => { venues = answer.venues; }).catch(() => {});

  function gameText(game) {
    const venue = venues[game.venueID];
    let time = game.timeUnknown ? 'TBD' : localTime(game.start, game.timeZone);
    if (game.timeEstimated && !game.timeUnknown) time += ' est.';
    return `${shortDate(game.date)} · ${time} · ${game.away} @ ${game.home} · ${venue ? venue.name : game.venueID}`;
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
      showError('');
    } catch (error) {
      // No stale results beside an error about the form.
      document.getElementById('games').replaceChildren();
      statusLine.textContent = '';
      showError(error.message);
    }
  });

  function toggle(game, on) {
    if (on) picked.set(game.id, game); else picked.delete(game.id);
    drawPicks();
  }

  function drawPicks() {
    const games = [...picked.values()].sort((a, b) => a.start.localeCompare(b.start));
    document.getElementById('picked').replaceChildren(...games.map((game) => el('li', { text: gameText(game) })));
    document.getElementById('create-trip').disabled = games.length === 0;
    if (typeof L === 'undefined') return;
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
      showError(error.message);
    }
  });
})();
