// SportsTime — the map screen (/map): every venue of the chosen sports as a
// pin on the US states basemap (Leaflet, no tiles unless `serve --tiles`),
// visited ones with their visit count. The view is the one the CLI's `map`
// stores (GET/PUT /api/map/viewport): the server keeps it, checks it, says
// whether it is the default and where a focus goes; the page only draws.
'use strict';

(() => {
  const { api, el, longDate, showError } = SportsTime;
  const status = document.getElementById('status');
  const resetButton = document.querySelector('[data-action="reset-view"]');
  const card = document.getElementById('venue-card');
  const list = document.getElementById('venue-list');
  const chips = [...document.querySelectorAll('.chip[data-sport]')];
  const state = {
    view: null,        // the server's MapViewState
    pins: [],          // the server's pins for the chosen sports
    byID: new Map(),
    markers: new Map(),
    quietMoves: 0,     // moves the page made itself (not stored again)
    saveTimer: null,
    saving: Promise.resolve(),
    savesPending: 0,   // views sent to the server and not yet answered
    moving: false,     // between Leaflet's movestart and moveend
  };
  window.sportstimeMap = state;

  const say = (text) => { status.textContent = text; };

  if (typeof L === 'undefined') {
    const notice = document.getElementById('notice');
    notice.textContent = 'The server could not find Leaflet (the map; Debian package libjs-leaflet); see its --assets option. The venues are still listed below.';
    notice.hidden = false;
    document.querySelector('.progress-map-frame').hidden = true;
  }

  // MARK: The map

  let map = null;
  let pinLayer = null;
  const basemapMaxZoom = 8;
  if (typeof L !== 'undefined') {
    // zoomSnap 0: a stored view comes back exactly (fitBounds picks the
    // zoom that fits it, not the nearest whole one). Zooms stop where the
    // server's span limits are (0.005°…the whole world) on common screens.
    // Without tiles the basemap is all there is: no closer than a city's
    // surroundings (zoom 8, about 150 km across a phone), where a state's
    // lines still show; tiles (`serve --tiles`) allow street level.
    map = SportsTime.basemapMap('progress-map', {
      zoomSnap: 0, zoomDelta: 1, wheelPxPerZoomLevel: 90, minZoom: 2.5, maxZoom: basemapMaxZoom,
      keyboard: true, attributionControl: false, worldCopyJump: true,
    });
    state.map = map;
    // The credits: the countries' outlines (Natural Earth), and the tiles' when there are tiles.
    map.attributionControl = L.control.attribution({ prefix: 'Leaflet' }).addAttribution('Countries: Natural Earth').addTo(map);
    // "+" is Shift+= on most keyboards, and Leaflet zooms three levels for a
    // key pressed with Shift: one level per press of + or -, as the page says.
    map.getContainer().parentNode.addEventListener('keydown', (event) => {
      if (event.target !== map.getContainer() || event.ctrlKey || event.metaKey || event.altKey) return;
      const step = { '+': 1, '=': 1, '-': -1, '_': -1 }[event.key];
      if (!step) return;
      event.preventDefault();
      event.stopPropagation();
      map.setZoom(map.getZoom() + step);
    }, true);
    pinLayer = L.layerGroup().addTo(map);
    // Pins are kept over land once the land is known.
    SportsTime.basemapGeoJSON.loaded().then(() => spreadPins());
    state.leaders = L.layerGroup().addTo(map);
    map.on('zoomend', () => spreadPins());
    map.on('moveend', onMoveEnd);
    // Panned round the world: the basemap's copy there is drawn too.
    map.on('moveend', () => SportsTime.coverLongitudes(map, map.getBounds().getWest(), map.getBounds().getEast()));
    // A drag stops a fly the page started, whose own moveend then never comes.
    map.on('dragstart', () => { state.quietMoves = 0; });
    // After onMoveEnd (listeners run in order), so a move's save timer counts.
    map.on('movestart', () => { state.moving = true; markIdle(); });
    map.on('moveend', () => { state.moving = false; markIdle(); });
    state.size = map.getSize();
  }

  /** The Leaflet bounds of a view document (center ± span / 2). */
  function boundsOf(view) {
    const halfLat = view.latitudeSpan / 2;
    const halfLon = view.longitudeSpan / 2;
    return L.latLngBounds(
      [view.centerLatitude - halfLat, view.centerLongitude - halfLon],
      [view.centerLatitude + halfLat, view.centerLongitude + halfLon]);
  }

  /**
   * The map's visible rectangle as a view document's four numbers. Its
   * center is the middle of the band of latitudes shown, in degrees, so the
   * CLI's map (equirectangular) draws the same band; Leaflet's own center is
   * the Mercator middle, up to about 1.3° further north at the default zoom.
   */
  function visibleView() {
    const b = map.getBounds();
    const north = Math.min(90, b.getNorth());
    const south = Math.max(-90, b.getSouth());
    const west = b.getWest();
    const east = b.getEast();
    let longitude = (west + east) / 2;
    longitude = ((((longitude + 180) % 360) + 360) % 360) - 180;
    return {
      centerLatitude: (north + south) / 2, centerLongitude: longitude,
      latitudeSpan: north - south, longitudeSpan: Math.min(360, east - west),
    };
  }

  /** Shows `view` (a view document): at once, or flying there. */
  function show(view, fly) {
    if (!map) return;
    state.quietMoves += 1;
    const bounds = boundsOf(view);
    // Where Leaflet will be once there: a user's move that comes back to
    // exactly this (+ then -, a drag and its opposite) is this view again.
    // (As fitBounds computes it: the zoom that fits, the projected middle.)
    const zoom = map.getBoundsZoom(bounds);
    const middle = map.project(bounds.getNorthWest(), zoom).add(map.project(bounds.getSouthEast(), zoom)).divideBy(2);
    state.shown = { view, zoom, center: map.unproject(middle, zoom) };
    if (fly) map.flyToBounds(bounds, { duration: 0.8 });
    else map.fitBounds(bounds, { animate: false });
  }

  /**
   * Whether the map is back where `show` last put it: the same zoom and the
   * same center to within half a pixel. The visible rectangle then is not
   * the view document's own (the screen's shape differs), but it is that view.
   */
  function atShownView() {
    const shown = state.shown;
    if (!shown || Math.abs(map.getZoom() - shown.zoom) > 1e-6) return false;
    const here = map.project(map.getCenter(), shown.zoom);
    const there = map.project(shown.center, shown.zoom);
    return here.distanceTo(there) < 0.5;
  }

  /** What to store for the map as the user left it. */
  function movedView() {
    if (!atShownView()) return visibleView();
    const view = state.shown.view;
    if (view.isDefault) return { reset: true };
    return {
      centerLatitude: view.centerLatitude, centerLongitude: view.centerLongitude,
      latitudeSpan: view.latitudeSpan, longitudeSpan: view.longitudeSpan,
    };
  }

  /** Takes the server's answer as the state: the reset button and the card follow it. */
  function adopt(view) {
    state.view = view;
    resetButton.hidden = view.isDefault;
    showCard(view.focus ? state.byID.get(view.focus) : null);
  }

  function onMoveEnd() {
    // The map's box changed size (a scrollbar came, the window turned):
    // Leaflet reports a move, but the user moved nothing.
    const size = map.getSize();
    if (!size.equals(state.size)) {
      state.size = size;
      return;
    }
    if (state.quietMoves > 0) {
      state.quietMoves -= 1;
      return;
    }
    // A move of the user's (drag, wheel, pinch, keys): stored shortly after
    // it settles, so a run of wheel steps is one write.
    cancelSave();
    state.saveTimer = setTimeout(() => {
      state.saveTimer = null;
      save(movedView());
    }, 200);
    markIdle();
  }

  /** Drops a move's save that has not started yet. */
  function cancelSave() {
    clearTimeout(state.saveTimer);
    state.saveTimer = null;
  }

  /**
   * Marks the map's element `data-idle="true"` when it has stopped moving
   * and every view it will store is stored: the browser tests wait for
   * it instead of a fixed pause.
   */
  function markIdle() {
    if (!map) return;
    const idle = !state.moving && state.saveTimer === null && state.savesPending === 0;
    map.getContainer().dataset.idle = String(idle);
  }

  /** PUTs `body` after any write in flight; adopts the answer. */
  function save(body) {
    state.savesPending += 1;
    markIdle();
    state.saving = state.saving.then(async () => {
      try {
        adopt(await api('PUT', '/api/map/viewport', body));
        showError('');
      } catch (error) {
        showError(`The view was not remembered: ${error.message}`);
      } finally {
        state.savesPending -= 1;
        markIdle();
      }
    });
    return state.saving;
  }

  resetButton.addEventListener('click', async () => {
    cancelSave();
    await save({ reset: true });
    if (state.view && state.view.isDefault) {
      show(state.view, true);
      say('Back to the whole continental US.');
      if (map) map.getContainer().focus();
    }
  });

  // MARK: Pins

  function chosenSports() {
    return chips.filter((chip) => chip.getAttribute('aria-pressed') === 'true').map((chip) => chip.dataset.sport);
  }

  // The chips live in the address (?sport=NBA,NHL; none means every one),
  // so Back and a reload keep them, as the history's do (review 10).
  const asked = new URLSearchParams(location.search).get('sport');
  if (asked !== null) {
    const { known, unknown } = SportsTime.addressSports(asked);
    const wanted = new Set(known);
    for (const chip of chips) chip.setAttribute('aria-pressed', String(wanted.has(chip.dataset.sport)));
    if (unknown.length) {
      SportsTime.showNotice(SportsTime.unknownSportsNotice(unknown, known.length ? 'the sports it does know are chosen.' : 'choose a sport above.'));
    }
  }

  function rememberSports(sports) {
    const address = sports.length === chips.length ? location.pathname : `?sport=${sports.length ? sports.join(',') : 'none'}`;
    const current = location.search || location.pathname;
    if (current !== address) window.history.replaceState(null, '', address);
  }

  async function loadPins() {
    const sports = chosenSports();
    rememberSports(sports);
    let pins = [];
    if (sports.length) {
      try {
        pins = (await api('GET', `/api/map/pins?sport=${sports.join(',')}`)).pins;
      } catch (error) {
        showError(`The venues could not be loaded: ${error.message}`);
        return;
      }
    }
    state.pins = pins;
    state.byID = new Map(pins.map((pin) => [pin.venueID, pin]));
    drawPins();
    drawList();
    const visited = pins.filter((pin) => pin.visits > 0).length;
    say(sports.length ? `${pins.length} venues (${sports.join(', ')}), ${visited} visited.` : 'Choose a sport to see its venues.');
    if (state.view) showCard(state.view.focus ? state.byID.get(state.view.focus) : null);
  }

  /** A pin's icon: a dot, green when visited with an orange visit-count badge, else grey. */
  function pinIcon(pin) {
    const visited = pin.visits > 0;
    // Numbers only go into the markup; names are set as text below.
    const badge = visited ? `<span class="pin-badge">${Number(pin.visits)}</span>` : '';
    return L.divIcon({
      className: `venue-pin ${visited ? 'visited' : 'unvisited'}`,
      html: `<span class="pin-dot"></span>${badge}`,
      iconSize: [18, 18], iconAnchor: [9, 9],
    });
  }

  function drawPins() {
    if (!map) return;
    pinLayer.clearLayers();
    state.markers.clear();
    for (const pin of state.pins) {
      // Visited pins above unvisited ones where they overlap.
      const marker = L.marker([pin.latitude, pin.longitude], {
        icon: pinIcon(pin), keyboard: false, riseOnHover: true, zIndexOffset: pin.visits > 0 ? 1000 : 0,
      });
      marker.on('click', () => focus(pin.venueID));
      marker.addTo(pinLayer);
      const element = marker.getElement();
      element.dataset.venueId = pin.venueID;
      element.title = `${pin.name}, ${pin.city}`;
      state.markers.set(pin.venueID, marker);
    }
    spreadPins();
  }

  /**
   * Pins closer than a tap's width on screen (TD Garden and Gillette
   * Stadium, New York's seven venues at the default view) are pushed apart
   * until none overlaps, each moved one with a leader line to its true
   * place (review 10, item 9); zoomed in far enough, they stand where they
   * are. Redone at each zoom: a pan does not change pixel distances.
   */
  function spreadPins() {
    if (!map) return;
    // Zoomed out as far as a phone shows the country, the pins are smaller
    // (70 %), so fewer overlap.
    const small = map.getZoom() < 3.5;
    map.getContainer().classList.toggle('small-pins', small);
    const apart = small ? 13 : 19; // px between two dots' centres (18 px pins, a hair between)
    const entries = [...state.markers.values()].map((marker) => {
      const home = map.latLngToLayerPoint(marker.getLatLng());
      return { marker, home, x: home.x, y: home.y };
    });
    // No pin is pushed from land onto water: the coasts' pins stay over
    // land, not in the Pacific or the Gulf (issue 28, item 21); the others
    // make room inland.
    // Land under the dot's middle and 3 px around it (the outlines drawn are
    // simplified a little, so a point just on the coast is not enough).
    const dry = (x, y) => [[0, 0], [3, 0], [-3, 0], [0, 3], [0, -3]]
      .every(([ox, oy]) => SportsTime.onLand(map.layerPointToLatLng(L.point(x + ox, y + oy))));
    const keep = (e) => {
      let dx = e.x - e.home.x;
      let dy = e.y - e.home.y;
      if (e.land === undefined) e.land = SportsTime.onLand(e.marker.getLatLng());
      // Over water: as far from its place but turned inland, else closer to it.
      // (Checked again only once it has moved a pixel: the test is the slow part.)
      const last = e.checked;
      if (last && Math.abs(last.raw[0] - dx) < 1 && Math.abs(last.raw[1] - dy) < 1) {
        [dx, dy] = last.kept;
      } else if (e.land && (dx || dy) && !dry(e.home.x + dx, e.home.y + dy)) {
        const turns = [0.6, -0.6, 1.2, -1.2, 1.8, -1.8, 2.4, -2.4, Math.PI];
        const spots = [1, 0.6, 0.3].flatMap((k) => turns.map((a) => [
          k * (dx * Math.cos(a) - dy * Math.sin(a)), k * (dx * Math.sin(a) + dy * Math.cos(a))]));
        const raw = [dx, dy];
        [dx, dy] = spots.find(([x, y]) => dry(e.home.x + x, e.home.y + y)) || [0, 0];
        e.checked = { raw, kept: [dx, dy] };
      } else {
        e.checked = { raw: [dx, dy], kept: [dx, dy] };
      }
      e.x = e.home.x + dx;
      e.y = e.home.y + dy;
    };
    // Relaxation: each overlapping pair is pushed apart along the line
    // between them (pins on one spot: along a fixed, index-given bearing),
    // and every pin is pulled a little back toward its true place.
    for (let round = 0; round < 600; round += 1) {
      let overlaps = 0;
      for (let i = 0; i < entries.length; i += 1) {
        for (let j = i + 1; j < entries.length; j += 1) {
          const a = entries[i];
          const b = entries[j];
          let dx = b.x - a.x;
          let dy = b.y - a.y;
          let distance = Math.hypot(dx, dy);
          if (distance >= apart) continue;
          overlaps += 1;
          if (distance < 0.01) {
            const bearing = (i * 2.399963 + j) % (2 * Math.PI);
            dx = Math.cos(bearing);
            dy = Math.sin(bearing);
            distance = 1;
          }
          const push = (apart - distance) / 2 / distance;
          a.x -= dx * push; a.y -= dy * push;
          b.x += dx * push; b.y += dy * push;
        }
      }
      for (const e of entries) keep(e);
      if (overlaps === 0) break;
      for (const e of entries) {
        e.x += (e.home.x - e.x) * 0.02;
        e.y += (e.home.y - e.y) * 0.02;
      }
    }
    state.leaders.clearLayers();
    for (const e of entries) {
      const dx = e.x - e.home.x;
      const dy = e.y - e.home.y;
      const moved = Math.hypot(dx, dy) >= 1;
      e.marker.getElement().style.translate = moved ? `${dx.toFixed(1)}px ${dy.toFixed(1)}px` : '';
      if (moved) {
        L.polyline([e.marker.getLatLng(), map.layerPointToLatLng(L.point(e.x, e.y))], {
          className: 'pin-leader', interactive: false, weight: 1.5,
        }).addTo(state.leaders);
      }
    }
  }

  /** The keyboard's way to every pin: a list of buttons, by sport as the server orders them. */
  function drawList() {
    list.replaceChildren(...state.pins.map((pin) => el('li', {}, [
      el('button', {
        type: 'button', class: 'list-venue', dataset: { listVenueId: pin.venueID },
        onclick: () => focus(pin.venueID),
      }, [
        el('span', { class: 'name', text: pin.name }),
        el('span', { class: 'meta', text: ` ${pin.city} · ${pin.sports.join(', ')}` }),
        pin.visits > 0 ? el('span', { class: 'pin-badge inline', text: String(pin.visits), 'aria-label': `${pin.visits} visits` }) : null,
      ]),
    ])));
    document.getElementById('list-summary').textContent = `Every venue on the map (${state.pins.length})`;
  }

  /** Tapping a pin: the server focuses the stored view on it (0.01°), the map flies there. */
  async function focus(venueID) {
    cancelSave();
    await save({ focus: venueID });
    if (state.view && state.view.focus === venueID) {
      show(state.view, true);
      const pin = state.byID.get(venueID);
      if (pin) say(`${pin.name}, ${pin.city}.`);
    }
  }

  // MARK: The card

  function showCard(pin) {
    for (const element of document.querySelectorAll('.venue-pin.focused')) element.classList.remove('focused');
    if (state.labelled) state.labelled.unbindTooltip();
    state.labelled = null;
    if (!pin) {
      card.hidden = true;
      delete card.dataset.venueId;
      return;
    }
    card.dataset.venueId = pin.venueID;
    document.getElementById('card-name').textContent = pin.name;
    document.getElementById('card-where').textContent = `${pin.city} · ${pin.sports.join(', ')}`;
    const visits = document.getElementById('card-visits');
    visits.replaceChildren(pin.visits > 0
      ? el('span', {}, [el('span', { class: 'pin-badge inline', text: String(pin.visits) }),
        ` ${pin.visits === 1 ? 'visit' : 'visits'} · last ${longDate(pin.lastVisit)}`])
      : el('span', { class: 'empty', text: 'Not visited yet' }));
    const link = document.getElementById('card-link');
    // The progress screen shows a venue under one sport: the pin's first.
    link.href = `/progress?sport=${encodeURIComponent(pin.sports[0] || 'MLB')}&venue=${encodeURIComponent(pin.venueID)}`;
    link.textContent = pin.visits > 0 ? 'See its visits' : 'Add a visit';
    card.hidden = false;
    const marker = state.markers.get(pin.venueID);
    if (marker && marker.getElement()) {
      marker.getElement().classList.add('focused');
      // Its name beside it: close up, the basemap alone shows nothing else.
      // On the side with room (`auto`: toward the map's center), wrapped on a
      // phone, so a long name is never cut off at the edge (review 12, item 14).
      marker.bindTooltip(el('span', { text: pin.name }), { permanent: true, direction: 'auto', offset: [16, 4], className: 'pin-name' }).openTooltip();
      state.labelled = marker;
    }
  }

  document.getElementById('card-close').addEventListener('click', () => save({ focus: null }));

  for (const chip of chips) {
    chip.addEventListener('click', () => {
      chip.setAttribute('aria-pressed', chip.getAttribute('aria-pressed') === 'true' ? 'false' : 'true');
      loadPins();
    });
  }

  // MARK: Start

  async function start() {
    try {
      const [view, tiles] = await Promise.all([api('GET', '/api/map/viewport'), api('GET', '/api/map/tiles')]);
      if (map && tiles.tiles) {
        const credit = document.createElement('span');
        credit.textContent = tiles.tiles.attribution;
        L.tileLayer(tiles.tiles.urlTemplate, { attribution: credit.innerHTML, maxZoom: 19 }).addTo(map);
        map.setMaxZoom(19);
        map.getContainer().classList.add('with-tiles');
      }
      show(view, false);
      adopt(view);
    } catch (error) {
      showError(`The map view could not be loaded: ${error.message}`);
    }
    await loadPins();
    document.body.dataset.ready = 'true';
  }

  // Live: a visit recorded elsewhere (another tab, the CLI) redraws the
  // pins, their counts and the open card, as /progress and /history do.
  new EventSource('/api/events').addEventListener('visits-changed', () => {
    if (document.body.dataset.ready === 'true') loadPins();
  });

  start();
})();
