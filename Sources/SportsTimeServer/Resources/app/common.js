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

  /** Calls the API: `method` `path` with a JSON `body`; resolves to the JSON answer. */
  async function api(method, path, body) {
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

  /** "1:10 pm CDT" for an ISO 8601 instant, in the venue's zone. */
  function localTime(iso, timeZone) {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return '';
    const text = new Intl.DateTimeFormat('en-US', {
      timeZone: timeZone || 'UTC', hour: 'numeric', minute: '2-digit', timeZoneName: 'short',
    }).format(date);
    return text.replace(' AM', ' am').replace(' PM', ' pm');
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

  /** A Leaflet map in element `id` on the US states basemap (no tiles), at the continental US. */
  function basemapMap(id, options = {}) {
    const map = L.map(id, options).setView([39.5, -96], 4);
    fetch('/basemap.json').then((r) => (r.ok ? r.json() : null)).then((geojson) => {
      if (geojson) {
        L.geoJSON(geojson, { style: { color: '#8795ab', weight: 1, fillColor: '#f7f9fc', fillOpacity: 1 }, interactive: false })
          .addTo(map).bringToBack();
      }
    }).catch(() => {});
    return map;
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

  return { api, APIError, el, localTime, shortDate, longDate, distance, duration, categoryIcons, sportIcons, showError, showNotice, addressSports, unknownSportsNotice, basemapMap, numberedPin, listen };
})();
