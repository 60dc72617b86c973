// SportsTime — what every page shares: the API client and display helpers.
// The server computes every rule; these only ask it and show its answers.
'use strict';

const SportsTime = (() => {
  /** An API error with the server's words (`{"error": {kind, message, ...}}`). */
  class APIError extends Error {
    constructor(status, body) {
      const error = (body && body.error) || {};
      super(error.message || `The server answered ${status}.`);
      this.status = status;
      this.kind = error.kind || 'unavailable';
      this.field = error.field;
      this.barriers = error.barriers || [];
    }
  }

  /**
   * How many API calls are under way, also on the page as `<html
   * data-requests-in-flight>`: the browser tests wait for it to be 0 (the
   * page is done talking to the server) instead of a fixed pause.
   */
  let requestsInFlight = 0;
  function countRequest(change) {
    requestsInFlight += change;
    document.documentElement.dataset.requestsInFlight = String(requestsInFlight);
  }

  /** Calls the API: `method` `path` with a JSON `body`; resolves to the JSON answer. */
  async function api(method, path, body) {
    countRequest(1);
    try {
      return await request(method, path, body);
    } finally {
      countRequest(-1);
    }
  }

  /** `api`'s call itself, uncounted. */
  async function request(method, path, body) {
    const options = { method, headers: { Accept: 'application/json' } };
    if (body !== undefined) {
      options.headers['Content-Type'] = 'application/json';
      options.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(path, options);
    } catch (error) {
      throw new APIError(0, { error: { message: 'The SportsTime server cannot be reached. Is `sportstime serve` still running?' } });
    }
    const text = await response.text();
    let json = null;
    try { json = text ? JSON.parse(text) : null; } catch (error) { json = null; }
    if (!response.ok) {
      const error = new APIError(response.status, json);
      // A busy server says when to ask again (503 with Retry-After, in seconds).
      error.retryAfter = Number(response.headers.get('Retry-After')) || 0;
      throw error;
    }
    return json;
  }

  /** Creates an element: `el('li', {class: 'row', dataset: {rowId: 'day:1'}}, ['text', child])`. */
  function el(tag, attributes = {}, children = []) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === 'class') node.className = value;
      else if (key === 'dataset') Object.assign(node.dataset, value);
      else if (key === 'text') node.textContent = value;
      else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? '' : value);
    }
    for (const child of [].concat(children)) {
      if (child === null || child === undefined) continue;
      node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    }
    return node;
  }

  /**
   * A game's start as the server words it, in the venue's zone: "1:10 pm
   * CDT", "6:05 pm JST" (the CLI's zone names, never the browser's
   * "GMT+9"; issue 28, item 23), "TBD" when no start is known, " est."
   * after an estimated one. `game` is a games-document entry or a game row.
   */
  function gameTime(game) {
    if (game.timeUnknown) return 'TBD';
    return `${game.startText || ''}${game.timeEstimated ? ' est.' : ''}`;
  }

  /** "Tue, Jun 4" for a YYYY-MM-DD date. */
  function shortDate(iso) {
    const [y, m, d] = iso.split('-').map(Number);
    const date = new Date(Date.UTC(y, m - 1, d));
    return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' }).format(date);
  }

  /** "Tue, Jun 4, 2024" for an ISO date (the CLI's long form). */
  function longDate(iso) {
    const [y, m, d] = iso.split('-').map(Number);
    const date = new Date(Date.UTC(y, m - 1, d));
    return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(date);
  }

  /** "355 mi" (or km) for meters; under one unit to a tenth ("0.4 mi"), as the CLI. */
  function distance(meters, metric) {
    const value = metric ? meters / 1000 : meters / 1609.344;
    const unit = metric ? 'km' : 'mi';
    if (value >= 0.05 && value < 0.95) return `${value.toFixed(1)} ${unit}`;
    return `${Math.round(value).toLocaleString('en-US')} ${unit}`;
  }

  /** "5 h 55 min" for seconds, as the CLI prints it. */
  function duration(seconds) {
    const minutes = Math.round(seconds / 60);
    if (minutes < 60) return `${minutes} min`;
    if (minutes % 60 === 0) return `${minutes / 60} h`;
    return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
  }

  const categoryIcons = { restaurant: '🍽️', hotel: '🏨', activity: '🎯', note: '📝' };

  /** Shows `message` in the page's banner (empty clears it). */
  function showError(message) {
    const banner = document.getElementById('banner');
    if (banner) banner.textContent = message || '';
  }

  /**
   * Says what part of the page's address was not used, in the page's
   * notice (`#notice`): a link with a sport, venue or visit that does not
   * exist is not dropped without a word (review 12, item 13).
   */
  function showNotice(message) {
    const notice = document.getElementById('notice');
    if (!notice) return;
    notice.textContent = message || '';
    notice.hidden = !message;
  }

  /**
   * The sports named by an address's `?sport=` ("NBA,nhl"), and the names
   * that are none of MLB, NBA, NHL, NFL (`none` names no sport on purpose).
   */
  function addressSports(text) {
    const names = (text || '').split(',').map((s) => s.trim()).filter(Boolean);
    const known = names.map((s) => s.toUpperCase()).filter((s) => sportIcons[s]);
    const unknown = names.filter((s) => !sportIcons[s.toUpperCase()] && s.toLowerCase() !== 'none');
    return { known, unknown };
  }

  /** "The address's sport=cricket is not a sport (MLB, NBA, NHL or NFL): …" */
  function unknownSportsNotice(unknown, rest) {
    if (!unknown.length) return '';
    const list = unknown.map((s) => `'${s.slice(0, 40)}'`).join(', ');
    return `The address names ${unknown.length === 1 ? 'a sport' : 'sports'} SportsTime does not know (${list}; it knows MLB, NBA, NHL and NFL): ${rest}`;
  }

  // MARK: Maps (every map of the app: the editor's, the planner's options, /map, /trips/new)

  const basemapStyle = { color: '#8795ab', weight: 1, fillColor: '#f7f9fc', fillOpacity: 1 };
  const countryStyle = { color: '#a3adbd', weight: 0.8, fillColor: '#eef1f5', fillOpacity: 1 };
  let basemapFiles = null;

  /** The basemap's two files, fetched once a page: the world's countries and the US states (either may be null). */
  function basemapGeoJSON() {
    if (!basemapFiles) {
      const get = (path) => fetch(path).then((r) => (r.ok ? r.json() : null)).catch(() => null);
      basemapFiles = Promise.all([get('/basemap/countries.json'), get('/basemap.json')])
        .then(([countries, states]) => ({ countries, states }));
    }
    return basemapFiles;
  }

  let landShapes = null; // [{box: [west, south, east, north], polygons}] once the basemap is in
  basemapGeoJSON.loaded = () => basemapGeoJSON().then(({ countries, states }) => {
    landShapes = [];
    for (const collection of [countries, states]) {
      for (const feature of (collection && collection.features) || []) {
        const geometry = feature.geometry || {};
        const polygons = geometry.type === 'Polygon' ? [geometry.coordinates]
          : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
        for (const polygon of polygons) {
          const outer = polygon[0] || [];
          const lons = outer.map((c) => c[0]);
          const lats = outer.map((c) => c[1]);
          landShapes.push({ box: [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)], polygon });
        }
      }
    }
  });

  /** Whether [lon, lat] lies inside `ring` (even–odd rule). */
  function inRing(ring, lon, lat) {
    let inside = false;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if ((yi > lat) !== (yj > lat) && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  }

  /**
   * Whether `latlng` lies on the basemap's land (a country or a state);
   * null until the basemap has loaded (`basemapGeoJSON.loaded()`).
   */
  function onLand(latlng) {
    if (!landShapes) return null;
    const lat = latlng.lat;
    const lon = ((((latlng.lng + 180) % 360) + 360) % 360) - 180;
    return landShapes.some(({ box, polygon }) => lon >= box[0] && lon <= box[2] && lat >= box[1] && lat <= box[3]
      && inRing(polygon[0], lon, lat) && !polygon.slice(1).some((hole) => inRing(hole, lon, lat)));
  }

  /**
   * Draws the basemap (the countries, the states over them) on `map` at the
   * copies of the world that the longitudes `west`…`east` reach: a route
   * drawn the short way across the Pacific has Tokyo at −220°, where only
   * the copy one turn west has Japan. Each copy is drawn once.
   */
  function coverLongitudes(map, west = -180, east = 180) {
    if (!map.sportstimeCopies) {
      map.sportstimeCopies = new Set();
      if (!map.getPane('basemap')) map.createPane('basemap').style.zIndex = 350;
    }
    for (const turn of [-360, 0, 360]) {
      if (map.sportstimeCopies.has(turn) || east < turn - 180 || west > turn + 180) continue;
      map.sportstimeCopies.add(turn);
      basemapGeoJSON().then(({ countries, states }) => {
        const options = (style) => ({
          style, interactive: false, pane: 'basemap',
          coordsToLatLng: (c) => L.latLng(c[1], c[0] + turn),
        });
        if (countries) L.geoJSON(countries, options(countryStyle)).addTo(map);
        if (states) L.geoJSON(states, options(basemapStyle)).addTo(map);
      });
    }
  }

  /**
   * A Leaflet map in element `id` (or an element) on the basemap: the
   * world's countries (Natural Earth) under the US states, no tiles, at the
   * continental US; credited in its attribution control when it has one.
   */
  function basemapMap(id, options = {}) {
    const map = L.map(id, options).setView([39.5, -96], 4);
    map.getContainer().sportstimeMap = map; // for the browser tests' probes
    coverLongitudes(map);
    if (map.attributionControl) map.attributionControl.addAttribution('Countries: Natural Earth');
    return map;
  }

  /**
   * `points` ([latitude, longitude], a route in visual order) with each
   * longitude moved by whole turns onto the smallest arc of longitude that
   * holds them all, each at its copy nearest the arc's middle: the PDF's
   * rule (RouteMapScene.viewport), so a Tokyo → Los Angeles leg crosses the
   * Pacific, as it is flown, and not the Atlantic.
   */
  function shortWay(points) {
    if (points.length < 2) return points.map((p) => [p[0], p[1]]);
    const wrap = (lon) => ((((lon + 180) % 360) + 360) % 360) - 180;
    const longitudes = [...new Set(points.map((p) => wrap(p[1])))].sort((a, b) => a - b);
    let west = longitudes[0];
    let east = longitudes[longitudes.length - 1];
    let widestGap = 360 - (east - west);
    for (let i = 1; i < longitudes.length; i += 1) {
      if (longitudes[i] - longitudes[i - 1] > widestGap) {
        widestGap = longitudes[i] - longitudes[i - 1];
        west = longitudes[i];
        east = longitudes[i - 1] + 360;
      }
    }
    const middle = (west + east) / 2;
    return points.map((p) => [p[0], middle + wrap(p[1] - middle)]);
  }

  /**
   * Draws a route on `map`: `stops` ({point: [lat, lon], name}) in visual
   * order (a stop may say `by: 'flight'` for the leg that reaches it), its line the short way round (`shortWay`), one numbered pin per
   * place ("1, 3" for a place reached twice), pins that overlap at the
   * current zoom moved apart with a line to their place (`spreadRoutePins`,
   * again at each zoom), and the view fitted to the route. Returns the
   * layer (remove it to draw another route).
   * - options.maxZoom: the fitted view's closest zoom (default 9);
   *   options.interactive: pins with tooltips (default true).
   */
  function drawRoute(map, stops, options = {}) {
    const maxZoom = options.maxZoom || 9;
    const interactive = options.interactive !== false;
    const layer = L.layerGroup().addTo(map);
    const points = shortWay(stops.map((s) => s.point));
    if (!points.length) return layer;
    const lons = points.map((p) => p[1]);
    coverLongitudes(map, Math.min(...lons), Math.max(...lons));
    if (points.length === 1) map.setView(points[0], Math.min(7, maxZoom), { animate: false });
    else map.fitBounds(L.latLngBounds(points).pad(0.25), { maxZoom, animate: false });
    // Each leg its own line: a drive solid, a flight (a stop reached with by: 'flight') dashed.
    for (let index = 1; index < points.length; index += 1) {
      const flight = stops[index].by === 'flight';
      L.polyline([points[index - 1], points[index]], flight
        ? { color: '#6b4fbf', weight: 2.5, dashArray: '6 6', interactive: false, className: 'leg-flight' }
        : { color: '#1f5fbf', weight: 3, interactive: false, className: 'leg-drive' }).addTo(layer);
    }
    const byPlace = new Map();
    points.forEach((point, index) => {
      const key = point.join(',');
      if (!byPlace.has(key)) byPlace.set(key, { point, numbers: [], name: stops[index].name });
      byPlace.get(key).numbers.push(index + 1);
    });
    const pins = [];
    for (const { point, numbers, name } of byPlace.values()) {
      const label = `${numbers.join(', ')}. ${name}`;
      const marker = L.marker(point, { icon: numberedPin(numbers), interactive, keyboard: false, title: interactive ? label : '' });
      if (interactive) marker.bindTooltip(el('span', { text: label }));
      marker.addTo(layer);
      marker.getElement().dataset.routePin = numbers.join(',');
      pins.push(marker);
    }
    const leaders = L.layerGroup().addTo(layer);
    const spread = () => spreadRoutePins(map, pins, leaders);
    spread();
    map.on('zoomend', spread);
    layer.on('remove', () => map.off('zoomend', spread));
    return layer;
  }

  /**
   * Moves route pins that overlap on screen apart: in number order, each
   * pin stays at its place when free, else takes the nearest free spot on
   * rings around it (26 px apart, eight to sixteen spots a ring), with a
   * thin line back to its place. Zoomed in far enough, every pin is home.
   */
  function spreadRoutePins(map, pins, leaders) {
    leaders.clearLayers();
    const placed = [];
    const overlaps = (box) => placed.some((b) => box.left < b.right && box.right > b.left && box.top < b.bottom && box.bottom > b.top);
    for (const marker of pins) {
      const element = marker.getElement();
      if (!element) continue;
      const width = marker.options.icon.options.iconSize[0] + 2;
      const home = map.latLngToLayerPoint(marker.getLatLng());
      const boxAt = (dx, dy) => ({ left: home.x + dx - width / 2, right: home.x + dx + width / 2, top: home.y + dy - 13, bottom: home.y + dy + 13 });
      let offset = [0, 0];
      search: for (let ring = 1; overlaps(boxAt(...offset)) && ring <= 8; ring += 1) {
        const spots = 8 * Math.min(ring, 2);
        for (let k = 0; k < spots; k += 1) {
          const angle = -Math.PI / 2 + (2 * Math.PI * k) / spots;
          const candidate = [Math.round(Math.cos(angle) * ring * (width / 2 + 14)), Math.round(Math.sin(angle) * ring * 26)];
          if (!overlaps(boxAt(...candidate))) { offset = candidate; break search; }
        }
      }
      placed.push(boxAt(...offset));
      const moved = offset[0] !== 0 || offset[1] !== 0;
      element.style.translate = moved ? `${offset[0]}px ${offset[1]}px` : '';
      element.dataset.spread = moved ? 'true' : 'false';
      if (moved) {
        L.polyline([marker.getLatLng(), map.layerPointToLatLng(home.add(L.point(offset[0], offset[1])))], {
          className: 'pin-leader', interactive: false, weight: 1.5, color: '#5b6475',
        }).addTo(leaders);
      }
    }
  }

  /** A numbered pin (1, 2, …) for a route's stops. */
  function numberedPin(numbers) {
    // One pin for several stops at one place: "1, 3" (numbers only, so no markup can get in).
    const text = [].concat(numbers).map(Number).join(', ');
    const width = Math.max(24, 10 + 7.5 * text.length);
    return L.divIcon({ className: '', html: `<div class="pin-label" style="width:${width}px">${text}</div>`, iconSize: [width, 24], iconAnchor: [width / 2, 12] });
  }

  /**
   * Listens to the server's event stream (`/api/events`): `handlers` maps an event name
   * (`trip-changed`, `visits-changed`) to its handler. When the stream comes back after it
   * was down (a server restart, a network change), `reconnected()` runs, so the page reloads
   * what it shows and misses no change made meanwhile. A stream the server refused (503:
   * too many open) or that failed for good is opened again after a pause (1 s, doubling to
   * 30 s). `document.body.dataset.live` is `open`, `connecting` or `retrying`.
   */
  function listen(handlers, reconnected) {
    let wasDown = false;
    let pause = 1000;
    function open() {
      document.body.dataset.live = 'connecting';
      const source = new EventSource('/api/events');
      for (const [name, handler] of Object.entries(handlers)) source.addEventListener(name, handler);
      source.addEventListener('open', () => {
        document.body.dataset.live = 'open';
        pause = 1000;
        if (wasDown) {
          wasDown = false;
          if (reconnected) reconnected();
        }
      });
      source.addEventListener('error', () => {
        wasDown = true;
        if (source.readyState !== EventSource.CLOSED) {
          document.body.dataset.live = 'connecting';
          return;
        }
        // Refused (not 200) or failed for good: the browser gives up; try again later.
        document.body.dataset.live = 'retrying';
        setTimeout(open, pause);
        pause = Math.min(pause * 2, 30000);
      });
    }
    open();
  }

  /** Each league's icon (a game card, a history row). */
  const sportIcons = { MLB: '⚾', NBA: '🏀', NHL: '🏒', NFL: '🏈' };

  return { api, APIError, el, gameTime, shortDate, longDate, distance, duration, categoryIcons, sportIcons, showError, showNotice, addressSports, unknownSportsNotice, basemapMap, numberedPin, listen, basemapGeoJSON, onLand, coverLongitudes, shortWay, drawRoute };
})();
