// SportsTime — the itinerary editor (/trips/{id}). Every rule is the
// server's: at pick-up the page asks for the drag document (the Core's drag
// session) and only shows it; every drop is a POST whose answer is redrawn.
'use strict';

(() => {
  const { api, el, gameTime, shortDate, longDate, distance, duration, categoryIcons, showError } = SportsTime;
  const tripID = decodeURIComponent(location.pathname.split('/')[2] || '');
  const list = document.getElementById('itinerary');
  const unscheduledList = document.getElementById('unscheduled');
  const statusLine = document.getElementById('status');

  const state = {
    doc: null,
    drag: null, // {rowID, doc, byBefore: Map, end, blocked, pending: Promise}
    keyboard: null, // {rowID, slot, element}
    busy: false,
    reloadPending: false,
  };
  window.sportstimeEditor = state; // for the browser tests' timing probes
  const sortables = []; // the lists' SortableJS instances (none without the library)

  function say(text) { statusLine.textContent = text; }

  // MARK: Loading and drawing

  async function load() {
    try {
      const doc = await api('GET', `/api/trips/${encodeURIComponent(tripID)}`);
      render(doc);
      showError('');
    } catch (error) {
      if (error.status === 404) gone('This trip does not exist (it may have been deleted).');
      else showError(error.message);
    }
  }

  /** The trip is gone: nothing on the page can change it any more; say so, with the way back. */
  function gone(message) {
    document.body.classList.add('trip-gone');
    for (const control of document.querySelectorAll('main button, .toolbar button')) control.disabled = true;
    for (const link of document.querySelectorAll('.exports a')) {
      link.removeAttribute('href');
      link.setAttribute('aria-disabled', 'true');
    }
    for (const node of document.querySelectorAll('[tabindex="0"]')) node.removeAttribute('tabindex');
    // Nothing that looks like it still works (issue 28, item 24): no drag
    // handles (hidden by the stylesheet, and the lists no longer drag), no
    // export buttons; the page says why instead.
    for (const sortable of sortables) sortable.option('disabled', true);
    for (const node of document.querySelectorAll('.movable')) node.removeAttribute('aria-roledescription');
    document.getElementById('exports-gone').hidden = false;
    if (dialog.open) dialog.close();
    if (daysDialog.open) daysDialog.close();
    if (gamesDialog.open) gamesDialog.close();
    state.drag = null;
    state.keyboard = null;
    clearRedZone();
    showError(message);
    const banner = document.getElementById('banner');
    banner.append(' ', el('a', { href: '/', text: 'Back to your trips' }));
    say('');
  }

  function render(doc) {
    state.doc = doc;
    document.title = `SportsTime — ${doc.trip.name}`;
    document.getElementById('trip-name').textContent = doc.trip.name;
    document.getElementById('trip-name').title = doc.trip.name;
    document.getElementById('trip-dates').textContent =
      `${longDate(doc.trip.startDate)} – ${longDate(doc.trip.endDate)} · ${doc.trip.dayCount} day${doc.trip.dayCount === 1 ? '' : 's'}`;
    state.elements = new Map();
    state.dayZones = dayZones(doc);
    const rows = doc.rows.map(rowElement);
    // An Unscheduled item keeps the date it had: say which, as the CLI does.
    const outside = doc.unscheduled.map((row) => {
      const node = rowElement(row);
      const body = node.querySelector('.body');
      if (body && row.date) body.append(el('span', { class: 'sub', text: `Was on ${longDate(row.date)}, outside the trip's days` }));
      return node;
    });
    for (const node of [...rows, ...outside]) state.elements.set(node.dataset.rowId, node);
    list.replaceChildren(...rows, el('li', { class: 'row drop-end', 'aria-hidden': 'true' }));
    // The revision the list shows: what the browser tests wait for.
    list.dataset.revision = String(doc.revision);
    unscheduledList.replaceChildren(...outside);
    document.getElementById('unscheduled-group').hidden = doc.unscheduled.length === 0;
    for (const format of ['md', 'ics', 'gpx', 'geojson', 'json', 'pdf']) {
      document.getElementById(`export-${format}`).href = `/api/trips/${tripID}/export.${format}`;
    }
    document.getElementById('export-pdf-a4').href = `/api/trips/${tripID}/export.pdf?paper=a4`;
    const undo = document.getElementById('undo');
    const redo = document.getElementById('redo');
    undo.disabled = !doc.undo;
    redo.disabled = !doc.redo;
    undo.title = doc.undo ? `Undo ${doc.undo} (Ctrl+Z)` : 'Nothing to undo';
    redo.title = doc.redo ? `Redo ${doc.redo} (Ctrl+Shift+Z)` : 'Nothing to redo';
    drawRoute();
  }

  /**
   * The zone each day of the trip is in, for showing item times: the zone of
   * the day's first game, or of the last game before it (where the trip
   * is), or of the first game after it (days before the first game).
   */
  function dayZones(doc) {
    const games = new Map(); // day → the zone of its first game
    const venues = doc.venues || {};
    for (const row of doc.rows) {
      if (row.kind === 'game' && venues[row.venueID] && !games.has(row.day)) games.set(row.day, venues[row.venueID].timeZone);
    }
    const zones = new Map();
    let current = games.size ? games.values().next().value : null;
    for (let day = 1; day <= doc.trip.dayCount; day += 1) {
      if (games.has(day)) current = games.get(day);
      if (current) zones.set(day, current);
    }
    return zones;
  }

  /**
   * An item's time ("17:30", wall clock in `zone` on `date`) in the games'
   * format: "5:30 pm", with the zone's short name ("5:30 pm CDT") when it
   * is not the day's zone (issue 28, item 19).
   */
  function itemTime(row) {
    if (!row.time) return '';
    const [hour, minute] = row.time.split(':').map(Number);
    const dayZone = state.dayZones && state.dayZones.get(row.day);
    const zone = row.timeZone || dayZone;
    const date = row.date || dayDate(row.day);
    const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
    if (!zone || !date || zone === dayZone || (dayZone && zoneName(zone, date, row.time) === zoneName(dayZone, date, row.time))) return clock;
    // The name the server gives the item's zone (the CLI's: "JST", where
    // the browser says "GMT+9"; issue 28, item 23).
    return `${clock} ${row.zoneName || zoneName(zone, date, row.time)}`;
  }

  /** The trip's date of day `day` (YYYY-MM-DD), or null outside the trip. */
  function dayDate(day) {
    if (!state.doc || day < 1 || day > state.doc.trip.dayCount) return null;
    const [y, m, d] = state.doc.trip.startDate.split('-').map(Number);
    return new Date(Date.UTC(y, m - 1, d + day - 1)).toISOString().slice(0, 10);
  }

  /** The short name of `zone` ("CDT") at wall-clock `time` on `date` there. */
  function zoneName(zone, date, time) {
    try {
      // Noon UTC of the date is the same date in every zone of the Americas
      // and Asia that a trip visits; the abbreviation changes only at night.
      const at = new Date(`${date}T12:00:00Z`);
      const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
        .formatToParts(at).find((p) => p.type === 'timeZoneName');
      return part ? part.value : zone;
    } catch (_) {
      return zone;
    }
  }

  function rowElement(row) {
    const base = { 'data-row-id': row.id, dataset: { kind: row.kind, day: String(row.day) } };
    if (row.kind === 'day') {
      // A day that cannot be done (issue 28, item 5): the server says why,
      // in words, under the day's title; the heading's name includes it so
      // a screen reader hears it with the day.
      const reasons = row.cannotBeDone || [];
      const noteID = `cannot-be-done-${row.day}`;
      return el('li', {
        ...base, class: `row day${reasons.length ? ' cannot-be-done' : ''}`,
        'aria-describedby': reasons.length ? noteID : null,
      }, [
        el('div', { class: 'body' }, [
          el('span', { class: 'title', text: row.title }),
          reasons.length ? el('span', {
            class: 'sub cannot-be-done-note', id: noteID, role: 'note',
          }, reasons.map((reason) => el('span', { class: 'reason', text: `⚠ ${reason}` }))) : null,
        ]),
        el('button', {
          type: 'button', class: 'add', text: '+ Add', 'aria-label': `Add an item to Day ${row.day}`,
          onclick: () => openDialog({ place: { day: row.day, at: 'bottom' } }),
        }),
      ]);
    }
    if (row.kind === 'game') {
      const venue = (state.doc.venues || {})[row.venueID];
      const time = gameTime(row);
      return el('li', { ...base, class: `row game${row.status === 'cancelled' ? ' cancelled' : ''}` }, [
        el('span', { class: 'icon', title: row.sport, text: SportsTime.sportIcons[row.sport] || '⚾' }),
        el('div', { class: 'body' }, [
          el('span', { class: 'what', text: row.title }),
          el('span', { class: 'where', text: venue ? `${venue.name}, ${venue.city}` : row.venueID }),
          row.status === 'rescheduled' && row.originalDate
            ? el('span', { class: 'sub moved', text: `Postponed from ${shortDate(row.originalDate)}` }) : null,
        ]),
        el('span', { class: 'time', text: row.status === 'cancelled' ? 'cancelled' : time }),
      ]);
    }
    const handle = el('span', { class: 'handle', 'aria-hidden': 'true', title: 'Drag to move', text: '⠿' });
    if (row.kind === 'travel') {
      const days = row.validDays ? (row.validDays[0] === row.validDays[1]
        ? `Day ${row.validDays[0]}` : `Days ${row.validDays[0]}–${row.validDays[1]}`) : 'no valid day';
      // "Tight" in words (issue 28, item 4): the server flags the leg; the
      // row says what the flag means, on the screen and to a screen reader.
      const tight = row.tight ? `tight: the ${row.mode === 'flight' ? 'flight' : 'drive'} takes longer than the time between the games` : '';
      const label = `Travel ${row.title}, ${distance(row.distanceMeters)}, ${duration(row.durationSeconds)}, may go on ${days}${tight ? ', ' + tight : ''}`;
      return el('li', {
        ...base, class: `row travel movable${row.tight ? ' tight' : ''}`, tabindex: '0',
        'aria-label': label, 'aria-roledescription': 'movable row',
      }, [
        handle,
        el('span', { class: 'icon', 'aria-hidden': 'true', text: row.mode === 'flight' ? '✈️' : '🚗' }),
        el('div', { class: 'body' }, [
          el('span', { class: 'what', text: row.title }),
          el('span', { class: 'sub', text: `${distance(row.distanceMeters)} · ${duration(row.durationSeconds)} · ${days}` }),
          tight ? el('span', { class: 'sub tight-note', text: `⚠ ${tight[0].toUpperCase()}${tight.slice(1)}.` }) : null,
        ]),
      ]);
    }
    const time = itemTime(row);
    return el('li', {
      ...base, class: 'row custom movable', tabindex: '0',
      'aria-label': `${row.category} ${row.title}${time ? ' at ' + time : ''}`, 'aria-roledescription': 'movable row',
    }, [
      handle,
      el('span', { class: 'icon', 'aria-hidden': 'true', text: categoryIcons[row.category] || '📝' }),
      el('div', { class: 'body' }, [
        el('span', { class: 'what', text: row.title }),
        row.address ? el('span', { class: 'sub', text: row.address }) : null,
        (row.warnings || []).length ? el('span', { class: 'sub', text: row.warnings.join(' ') }) : null,
      ]),
      el('span', { class: 'time', text: time }),
      el('button', {
        type: 'button', class: 'edit', text: '✎', 'aria-label': `Edit ${row.title}`,
        onclick: () => openDialog({ row }),
      }),
    ]);
  }

  function findRow(rowID) {
    return [...state.doc.rows, ...state.doc.unscheduled].find((row) => row.id === rowID);
  }

  function elementOf(rowID) {
    return (state.elements && state.elements.get(rowID)) || null;
  }

  // MARK: The drag document and the red zone

  /** Asks for the drag document of `rowID` at the trip's current revision. */
  function loadDrag(rowID) {
    const drag = { rowID, revision: state.doc.revision, doc: null, byBefore: new Map(), end: null, blocked: null };
    drag.pending = api('GET', `/api/trips/${tripID}/drag/${encodeURIComponent(rowID)}`).then((doc) => {
      drag.doc = doc;
      for (const slot of doc.slots) {
        if (slot.before) drag.byBefore.set(slot.before, slot); else drag.end = slot;
      }
      return drag;
    });
    drag.pending.catch(() => {});
    return drag;
  }

  /** Starts the drag of `rowID` (with the prefetched document when it is current). */
  function fetchDrag(rowID) {
    if (state.drag && state.drag.rowID === rowID) return state.drag.pending;
    const ready = state.prefetched;
    const drag = ready && ready.rowID === rowID && ready.revision === state.doc.revision ? ready : loadDrag(rowID);
    state.prefetched = null;
    state.drag = drag;
    return drag.pending;
  }

  /**
   * Marks every place of the list as allowed or blocked, and the barrier
   * games. The rows on the screen (and a screen's worth around them) are
   * marked at once, so the next frame paints the red zone where the user
   * looks; the rest follow in slices of a few hundred rows, one per frame,
   * before a drag could scroll to them (marking all 1,000 rows of a long
   * trip at once costs several frames of style work). `painted` is called
   * once the first frame with the red zone has been painted, before the
   * other slices and the status line (which would lay the page out again),
   * which then says where the row may go unless `announce` is false.
   */
  function markRedZone(drag, painted = null, announce = true) {
    for (const node of list.querySelectorAll('[data-drop], [data-barrier]')) {
      delete node.dataset.drop;
      delete node.dataset.barrier;
    }
    document.body.classList.add('dragging');
    // A new carry: the last snap back's reason is no longer news (item 18).
    if (state.snapBackShown) { showError(''); state.snapBackShown = false; }
    const marking = (drag.marking = (drag.marking || 0) + 1);
    const rows = list.children;
    const mark = (from, to) => {
      for (let index = Math.max(0, from); index < Math.min(rows.length, to); index += 1) {
        const node = rows[index];
        const id = node.dataset.rowId;
        if (!id) {
          if (node.classList.contains('drop-end') && drag.end) node.dataset.drop = drag.end.valid ? 'allowed' : 'blocked';
          continue;
        }
        const slot = drag.byBefore.get(id);
        if (slot && id !== drag.rowID) node.dataset.drop = slot.valid ? 'allowed' : 'blocked';
      }
    };
    const [first, last] = visibleRows(rows);
    const margin = 8;
    let low = first - margin;
    let high = last + margin + 1;
    mark(low, high);
    for (const id of drag.doc.barriers) {
      const node = elementOf(`game:${id}`);
      if (node) node.dataset.barrier = 'true';
    }
    const slice = 250;
    const more = () => {
      if (state.drag !== drag || drag.marking !== marking || (low <= 0 && high >= rows.length)) return;
      mark(high, high + slice);
      mark(low - slice, low);
      high += slice;
      low -= slice;
      afterPaint(more);
    };
    afterPaint(() => {
      if (painted) painted();
      // Dropped before this frame (a quick drop, a drop on the map): the
      // drop's own words stay, not "Allowed on …" (issue 28, item 18).
      if (state.drag !== drag) return;
      statusLine.classList.add('carrying');
      if (announce) say(allowedText(drag));
      more();
    });
  }

  /** Where the dragged row may go, for the status line ("Allowed on Days 2–4."). */
  function allowedText(drag) {
    const days = drag.doc.validDays;
    if (!days) return 'This row has no allowed place.';
    return `Allowed on ${days[0] === days[1] ? 'Day ' + days[0] : 'Days ' + days[0] + '–' + days[1]}.`;
  }

  /** Calls `then` once the next frame has been painted (a message posted from its animation frame runs after the paint). */
  function afterPaint(then) {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = then;
      channel.port2.postMessage(0);
    });
  }

  /** The indexes of the first and last of `rows` on the screen (binary search; rows are in page order). */
  function visibleRows(rows) {
    const count = rows.length;
    if (count === 0) return [0, 0];
    const height = window.innerHeight;
    let low = 0;
    let high = count - 1;
    while (low < high) { // the first row whose bottom is below the top of the screen
      const middle = (low + high) >> 1;
      if (rows[middle].getBoundingClientRect().bottom < 0) low = middle + 1; else high = middle;
    }
    const first = low;
    high = count - 1;
    while (low < high) { // the last row whose top is above the bottom of the screen
      const middle = (low + high + 1) >> 1;
      if (rows[middle].getBoundingClientRect().top > height) high = middle - 1; else low = middle;
    }
    return [first, Math.max(first, low)];
  }

  function clearRedZone() {
    document.body.classList.remove('dragging');
    statusLine.classList.remove('carrying');
    for (const node of document.querySelectorAll('[data-drop], [data-barrier]')) {
      delete node.dataset.drop;
      delete node.dataset.barrier;
    }
  }

  /** The slot the dragged element sits at now (the row after it names it). */
  function slotAt(drag, element) {
    let next = element.nextElementSibling;
    if (!next || next.classList.contains('drop-end') || !next.dataset.rowId) return drag.end;
    return drag.byBefore.get(next.dataset.rowId) || null;
  }

  /**
   * The allowed slot nearest to `slot` in the list (the seeds'
   * findNearestValidPosition: outward one place at a time, the later
   * place first), or null when the row has no allowed place. Which places
   * are allowed is the server's (the drag document); this only finds the
   * closest of them.
   */
  function nearestAllowed(drag, slot) {
    const slots = drag.doc.slots;
    if (slot && slot.valid) return slot;
    const from = slot ? slot.index : slots.length - 1;
    for (let radius = 1; radius < slots.length + 1; radius += 1) {
      const later = slots[from + radius];
      if (later && later.valid) return later;
      const earlier = slots[from - radius];
      if (earlier && earlier.valid) return earlier;
    }
    return null;
  }

  /** Where a slot is, in words ("Day 3"). */
  function slotWords(slot) { return `Day ${slot.day}`; }

  /** What to send for a slot: before its row, or the bottom of the last day. */
  function placeOf(slot) {
    if (slot.before) return { before: slot.before };
    return { day: state.doc.trip.dayCount, at: 'bottom' };
  }

  async function move(rowID, slot) {
    const itemID = rowID.replace(/^item:/, '');
    const path = `/api/trips/${tripID}/items/${itemID}/move`;
    let answer;
    try {
      answer = await api('POST', path, { place: placeOf(slot), revision: state.doc.revision });
    } catch (error) {
      // Someone else changed the trip since it was drawn (another tab, the
      // CLI). The place is a row, not a position, and the server checks
      // every rule against the trip as it is now: ask once more without the
      // revision, so an unrelated change does not throw the drop away.
      if (error.status !== 409) throw error;
      answer = await api('POST', path, { place: placeOf(slot) });
    }
    render(answer.itinerary);
    showError('');
    const row = answer.row;
    const warnings = answer.warnings || [];
    say((answer.changed ? `Moved ${row.title} to Day ${row.day}.` : `${row.title} is already there.`)
      + (warnings.length ? ' ' + warnings.join(' ') : ''));
  }

  // MARK: Pointer and touch (SortableJS)

  // Pick-up is the press on a handle: the drag document is asked for at
  // once and the red zone drawn as soon as it arrives (before the pointer
  // has moved), and the next frame is timed (`state.timing`).
  function pickUp(event) {
    const handle = event.target.closest('.handle');
    if (!handle || state.keyboard) return;
    const rowID = handle.closest('[data-row-id]').dataset.rowId;
    const timing = { down: event.timeStamp, handler: performance.now() };
    state.timing = timing;
    state.dragStarted = false;
    fetchDrag(rowID).then((drag) => {
      if (state.drag !== drag) return;
      markRedZone(drag, () => { timing.painted = performance.now(); });
      timing.marked = performance.now();
    }).catch((error) => { showError(error.message); });
  }
  // Asked for already when the pointer rests on a handle or a row gets the
  // keyboard's focus, so the press finds it at hand.
  function prefetch(event) {
    const row = event.target.closest && event.target.closest('.movable');
    const onHandle = event.type === 'focusin' || (event.target.closest && event.target.closest('.handle'));
    if (!row || !onHandle || state.drag || state.keyboard || !state.doc) return;
    const ready = state.prefetched;
    if (ready && ready.rowID === row.dataset.rowId && ready.revision === state.doc.revision) return;
    state.prefetched = loadDrag(row.dataset.rowId);
  }
  for (const container of [list, unscheduledList]) {
    container.addEventListener('pointerover', prefetch);
    container.addEventListener('focusin', prefetch);
  }
  list.addEventListener('pointerdown', pickUp);
  unscheduledList.addEventListener('pointerdown', pickUp);
  document.addEventListener('pointerup', () => {
    // Pressed and let go without dragging: nothing was picked up.
    if (state.drag && !state.dragStarted && !state.keyboard) {
      state.drag = null;
      clearRedZone();
      say('');
    }
  });

  // Escape during a pointer drag cancels it: the drag ends at once, the row
  // goes back and nothing is sent (the keyboard's own Escape is in onKey).
  // SortableJS's own drag (forceFallback) ends on the document's mouseup.
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !state.drag || !state.dragStarted || state.keyboard) return;
    event.preventDefault();
    state.drag.cancelled = true;
    document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
  }, true);

  const sortableOptions = {
    handle: '.handle',
    draggable: '.row',
    filter: '.drop-end',
    animation: 0,
    // SortableJS's own drag for the mouse too, not the browser's HTML5 drag
    // and drop: the same behaviour with a mouse, a pen and a finger, and the
    // page sees the keys pressed meanwhile (Escape cancels).
    forceFallback: true,
    delay: 250,
    delayOnTouchOnly: true,
    fallbackOnBody: true,
    onStart(event) {
      state.dragStarted = true;
      const rowID = event.item.dataset.rowId;
      fetchDrag(rowID).then((drag) => {
        if (state.drag === drag && !document.body.classList.contains('dragging')) markRedZone(drag);
      }).catch((error) => { showError(error.message); });
    },
    onMove(event) {
      const drag = state.drag;
      if (!drag || !drag.doc || event.to !== list) return event.to === list;
      let next = event.willInsertAfter ? event.related.nextElementSibling : event.related;
      if (next === event.dragged) next = next.nextElementSibling;
      const slot = next && next.dataset.rowId ? drag.byBefore.get(next.dataset.rowId) : drag.end;
      if (!slot || !slot.valid) {
        drag.blocked = slot ? slot.reason : 'That place is not part of the trip.';
        // The pointer is over a blocked place: the placeholder goes to the
        // nearest allowed one, where letting go lands the row (issue 28,
        // item 7); with no allowed place at all it snaps back.
        drag.overBlocked = true;
        const nearest = nearestAllowed(drag, slot);
        drag.nearest = nearest;
        if (nearest) {
          const before = nearest.before ? elementOf(nearest.before) : list.querySelector('.drop-end');
          if (before && before !== event.dragged && event.dragged.nextElementSibling !== before) {
            list.insertBefore(event.dragged, before);
          }
          say(`Blocked: ${drag.blocked} Letting go here puts it at the nearest allowed place: ${slotWords(nearest)}.`);
        } else {
          say(`Blocked: ${drag.blocked}`);
        }
        return false;
      }
      drag.overBlocked = false;
      drag.nearest = null;
      say(`Day ${slot.day}: allowed.`);
      return true;
    },
    onEnd(event) {
      // Every way a drag ends (saved, snapped back, cancelled, refused) is
      // counted once its answer is drawn: the browser tests wait for
      // `data-drops-ended` on the list instead of a fixed pause.
      Promise.resolve(endDrag(event)).catch(() => {}).finally(() => {
        list.dataset.dropsEnded = String(Number(list.dataset.dropsEnded || 0) + 1);
      });
    },
  };

  /** The end of a pointer drag (SortableJS's `onEnd`); a promise while a move is sent. */
  function endDrag(event) {
    const drag = state.drag;
    state.dragStarted = false;
    clearRedZone();
    state.drag = null;
    if (!drag || !drag.doc) { render(state.doc); return; }
    if (drag.cancelled) { // Escape: the row goes back where it was.
      render(state.doc);
      say('Cancelled: nothing moved.');
      flushReload();
      return;
    }
    if (event.to !== list) { render(state.doc); say('Items go back onto a day, not into Unscheduled.'); return; }
    let slot = slotAt(drag, event.item);
    const origin = drag.doc.originSlot;
    // Let go over a blocked place: the row lands at the nearest allowed
    // one (the placeholder's), and only snaps back when there is none.
    const blockedReason = drag.overBlocked ? drag.blocked : (slot && !slot.valid ? slot.reason : null);
    const nearest = blockedReason ? (drag.nearest && drag.nearest.valid ? drag.nearest : nearestAllowed(drag, slot)) : null;
    if (nearest) slot = nearest;
    if (!slot || !slot.valid) {
      render(state.doc); // snap back
      const reason = blockedReason || 'That place is not part of the trip.';
      say(`Snapped back: ${reason}`);
      showError(reason);
      state.snapBackShown = true;
      flushReload();
      return;
    }
    if (origin !== null && slot.index === origin && event.from === list) {
      render(state.doc); // where it was (a drop on the map lands here too)
      say(nearest ? `Dropped at the nearest allowed place, ${slotWords(slot)}, where it was; nothing changed.`
        : 'Dropped where it was; nothing changed.');
      flushReload();
      return;
    }
    const moved = move(drag.rowID, slot);
    return (nearest ? moved.then(() => {
      say(`Dropped at the nearest allowed place: ${slotWords(slot)}. ${statusLine.textContent}`);
    }) : moved).catch((error) => {
      render(state.doc);
      if (error.status === 409 || error.status === 404) state.reloadPending = true;
      showError(error.status === 409 ? 'The trip changed meanwhile; it is shown as it is now. Try the move again.' : error.message);
      say(`Not moved: ${error.message}`);
    }).finally(flushReload);
  }
  // Without SortableJS (Debian's libjs-sortable missing) the itinerary still
  // shows and the keyboard still moves rows; the banner says what is missing.
  const missing = [
    typeof Sortable === 'undefined' ? 'SortableJS (drag and drop; Debian package libjs-sortable)' : null,
    typeof L === 'undefined' ? 'Leaflet (the map; Debian package libjs-leaflet)' : null,
  ].filter(Boolean);
  if (missing.length) {
    const notice = document.getElementById('notice');
    notice.textContent = `The server could not find ${missing.join(' or ')}; see its --assets option.`
      + (typeof Sortable === 'undefined' ? ' Rows still move with the keyboard: focus one and press Space.' : '');
    notice.hidden = false;
    if (typeof L === 'undefined') document.getElementById('map').hidden = true;
  }
  if (typeof Sortable !== 'undefined') {
    sortables.push(Sortable.create(list, { ...sortableOptions, group: { name: 'trip', pull: true, put: true } }));
    sortables.push(Sortable.create(unscheduledList, { ...sortableOptions, group: { name: 'trip', pull: true, put: false } }));
  }

  // MARK: Keyboard

  function onKey(event) {
    if (document.body.classList.contains('trip-gone')) return;
    const row = event.target.closest && event.target.closest('.movable');
    if (!row || event.target.closest('button')) return;
    const kb = state.keyboard;
    if (!kb) {
      if (event.key === ' ' || event.key === 'Enter') {
        event.preventDefault();
        lift(row);
      }
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      step(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      drop();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancel('Move cancelled.');
    } else if (event.key === 'Tab') {
      cancel('Move cancelled.');
    }
  }
  list.addEventListener('keydown', onKey);
  unscheduledList.addEventListener('keydown', onKey);

  async function lift(row) {
    const rowID = row.dataset.rowId;
    try {
      const drag = await fetchDrag(rowID);
      markRedZone(drag, null, false);
      row.classList.add('lifted');
      const start = drag.doc.originSlot !== null ? drag.doc.originSlot
        : drag.doc.slots.findIndex((slot) => slot.valid);
      state.keyboard = { rowID, slot: start, element: row };
      if (row.parentElement !== list) placeAt(drag.doc.slots[start]);
      const title = findRow(rowID).title;
      say(`Picked up ${title}. ${allowedText(drag)} Arrow keys move it, Space or Enter drops it, Escape cancels.`);
      row.focus();
    } catch (error) {
      state.drag = null;
      showError(error.message);
    }
  }

  function placeAt(slot) {
    const element = state.keyboard.element;
    const before = slot.before ? elementOf(slot.before) : list.querySelector('.drop-end');
    list.insertBefore(element, before);
    element.focus();
  }

  function step(direction) {
    const kb = state.keyboard;
    const slots = state.drag.doc.slots;
    let k = kb.slot + direction;
    let firstBlocked = null;
    while (k >= 0 && k < slots.length && !slots[k].valid) {
      if (!firstBlocked) firstBlocked = slots[k];
      k += direction;
    }
    if (k < 0 || k >= slots.length) {
      // It stays where it is (an allowed place): Enter drops it there.
      say(firstBlocked ? `Blocked: ${firstBlocked.reason} It stays at Day ${slots[kb.slot].day}; Enter drops it there, Escape cancels.`
        : 'No place further that way.');
      return;
    }
    kb.slot = k;
    placeAt(slots[k]);
    const next = slots[k].before ? findRow(slots[k].before) : null;
    const where = next ? (next.kind === 'day' ? `end of Day ${slots[k].day}` : `Day ${slots[k].day}, before ${next.title}`) : `end of Day ${slots[k].day}`;
    say(firstBlocked ? `${where}. (Skipped blocked places: ${firstBlocked.reason})` : `${where}.`);
  }

  async function drop() {
    const kb = state.keyboard;
    const drag = state.drag;
    const slot = drag.doc.slots[kb.slot];
    state.keyboard = null;
    state.drag = null;
    clearRedZone();
    if (drag.doc.originSlot !== null && slot.index === drag.doc.originSlot) {
      render(state.doc);
      refocus(drag.rowID);
      say('Dropped where it was; nothing changed.');
      flushReload();
      return;
    }
    try {
      await move(drag.rowID, slot);
    } catch (error) {
      render(state.doc);
      if (error.status === 409 || error.status === 404) state.reloadPending = true;
      showError(error.status === 409 ? 'The trip changed meanwhile; it is shown as it is now. Try the move again.' : error.message);
      say(`Not moved: ${error.message}`);
    }
    refocus(drag.rowID);
    flushReload();
  }

  function cancel(message) {
    const drag = state.drag;
    state.keyboard = null;
    state.drag = null;
    clearRedZone();
    render(state.doc);
    if (drag) refocus(drag.rowID);
    say(message);
    flushReload();
  }

  function refocus(rowID) {
    const node = elementOf(rowID);
    if (node) node.focus();
  }

  // MARK: Items: add, edit, remove

  const dialog = document.getElementById('item-dialog');
  const form = document.getElementById('item-form');
  let editing = null; // {row} or {place}

  function openDialog(target) {
    editing = target;
    const row = target.row;
    document.getElementById('item-dialog-title').textContent = row ? `Edit ${row.title}` : `Add an item to Day ${target.place.day}`;
    form.category.value = row ? row.category : 'note';
    form.title.value = row ? row.title : '';
    form.time.value = row && row.time ? row.time : '';
    form.lat.value = row && row.latitude !== null && row.latitude !== undefined ? row.latitude : '';
    form.lon.value = row && row.longitude !== null && row.longitude !== undefined ? row.longitude : '';
    form.address.value = row && row.address ? row.address : '';
    placeState.chosen = null;
    placeState.touched = false;
    form.placeText.value = row && row.placeName ? row.placeName : '';
    closePlaceList();
    placeNote(row && row.placeTimeZone ? `Its time zone: ${row.placeTimeZone}.` : null);
    document.getElementById('item-pick-on-map').hidden = typeof L === 'undefined';
    document.getElementById('item-remove').hidden = !row;
    document.getElementById('item-error').textContent = '';
    dialog.showModal();
    form.title.focus();
  }

  function formBody() {
    const body = { title: form.title.value, category: form.category.value, revision: state.doc.revision };
    body.time = form.time.value ? form.time.value : null;
    const lat = form.lat.value.trim();
    const lon = form.lon.value.trim();
    if (form.placeText.value.trim() && !placeState.chosen && placeState.typed) {
      throw new Error('Pick the place from the list of towns (or clear it; a street address goes under Address).');
    }
    if (placeState.chosen) {
      body.placeID = placeState.chosen.id;
    } else if (lat || lon) {
      body.lat = Number(lat);
      body.lon = Number(lon);
      if (!lat || !lon || Number.isNaN(body.lat) || Number.isNaN(body.lon)) {
        throw new Error('Give both the latitude and the longitude as numbers in degrees, or neither.');
      }
    } else if (editing && editing.row) {
      body.lat = null;
      body.lon = null;
    }
    // An edit that leaves the location alone keeps its place (name and zone).
    if (editing && editing.row && !placeState.touched) {
      delete body.placeID;
      delete body.lat;
      delete body.lon;
    }
    body.address = form.address.value.trim() ? form.address.value : null;
    return body;
  }

  // The place field: a combobox over GET /api/places (GeoNames' towns),
  // searched as one types; arrows move through the list, Enter picks,
  // Escape closes the list. A picked town fills the coordinates and is
  // sent as its placeID (the server gives the item the town's zone).
  const placeState = { chosen: null, touched: false, typed: false, active: -1, found: [], asked: 0, timer: null };
  const placeList = document.getElementById('item-place-list');
  function placeNote(text) {
    document.getElementById('item-place-note').textContent = text
      || 'Type a town and pick it from the list, or set the point on the trip\'s map; the item\'s time is in its place\'s time zone.';
  }
  function closePlaceList() {
    placeList.hidden = true;
    placeList.replaceChildren();
    placeState.found = [];
    placeState.active = -1;
    form.placeText.setAttribute('aria-expanded', 'false');
    form.placeText.removeAttribute('aria-activedescendant');
  }
  function markActive(index) {
    placeState.active = index;
    [...placeList.children].forEach((item, i) => item.setAttribute('aria-selected', i === index ? 'true' : 'false'));
    const item = placeList.children[index];
    if (item && item.id) {
      form.placeText.setAttribute('aria-activedescendant', item.id);
      item.scrollIntoView({ block: 'nearest' });
    }
  }
  function choosePlace(place) {
    placeState.chosen = place;
    placeState.touched = true;
    placeState.typed = false;
    form.placeText.value = place.label;
    form.lat.value = place.latitude;
    form.lon.value = place.longitude;
    closePlaceList();
    placeNote(`${place.label}: its time zone is ${place.timeZone}.`);
  }
  async function searchPlaces() {
    const text = form.placeText.value.trim();
    const asked = ++placeState.asked;
    if (text.length < 2) { closePlaceList(); return; }
    try {
      const answer = await api('GET', `/api/places?${new URLSearchParams({ q: text, limit: '8' })}`);
      if (asked !== placeState.asked || !dialog.open) return;
      placeState.found = answer.places;
      placeList.replaceChildren(...(answer.places.length ? answer.places.map((place, i) => el('li', {
        id: `item-place-option-${i}`, role: 'option', 'aria-selected': 'false',
        onmousedown: (event) => { event.preventDefault(); choosePlace(place); },
      }, [place.label, el('span', { class: 'meta', text: ` · ${place.timeZone}` })]))
        : [el('li', { class: 'none', role: 'option', 'aria-disabled': 'true', text: `No town of 5,000 people or more is called “${text}”.` })]));
      placeList.hidden = false;
      form.placeText.setAttribute('aria-expanded', 'true');
      placeState.active = -1;
    } catch (error) {
      if (asked !== placeState.asked) return;
      closePlaceList();
      placeNote(error.message);
    }
  }
  form.placeText.addEventListener('input', () => {
    placeState.chosen = null;
    placeState.touched = true;
    placeState.typed = form.placeText.value.trim() !== '';
    // The coordinates came with the place: a new text leaves none behind.
    form.lat.value = '';
    form.lon.value = '';
    placeNote(null);
    clearTimeout(placeState.timer);
    placeState.timer = setTimeout(searchPlaces, 150);
  });
  form.placeText.addEventListener('keydown', (event) => {
    const count = placeState.found.length;
    if (event.key === 'ArrowDown' && count) {
      event.preventDefault();
      markActive((placeState.active + 1) % count);
    } else if (event.key === 'ArrowUp' && count) {
      event.preventDefault();
      markActive(placeState.active <= 0 ? count - 1 : placeState.active - 1);
    } else if (event.key === 'Enter' && !placeList.hidden) {
      event.preventDefault();
      const place = placeState.found[placeState.active >= 0 ? placeState.active : 0];
      if (place) choosePlace(place);
    } else if (event.key === 'Escape' && !placeList.hidden) {
      // Closes the list, not the dialog.
      event.preventDefault();
      event.stopPropagation();
      closePlaceList();
    }
  });
  form.placeText.addEventListener('blur', () => setTimeout(closePlaceList, 0));
  for (const field of [form.lat, form.lon]) {
    field.addEventListener('input', () => {
      placeState.chosen = null;
      placeState.touched = true;
      placeState.typed = false;
      form.placeText.value = '';
      placeNote(null);
    });
  }

  // "Set the point on the map": the dialog steps aside, a tap (or click)
  // on the trip's map sets the point, Enter takes the map's centre, Escape
  // goes back; the dialog comes back with what was typed kept.
  let picking = null;
  document.getElementById('item-pick-on-map').addEventListener('click', () => {
    if (!ensureMap()) return;
    picking = { keep: editing };
    dialog.close();
    editing = picking.keep;
    const box = document.getElementById('map');
    box.classList.add('picking');
    box.setAttribute('tabindex', '0');
    box.scrollIntoView({ block: 'center' });
    box.focus({ preventScroll: true });
    statusLine.classList.add('carrying');
    say('Tap the map where the item is (or press Enter for the map\'s centre); Escape goes back to the item.');
    picking.onTap = (event) => finishPicking(event.latlng.wrap());
    map.once('click', picking.onTap);
  });
  function finishPicking(point) {
    if (!picking) return;
    const box = document.getElementById('map');
    box.classList.remove('picking');
    statusLine.classList.remove('carrying');
    map.off('click', picking.onTap);
    editing = picking.keep;
    picking = null;
    if (point) {
      form.lat.value = point.lat.toFixed(5);
      form.lon.value = point.lng.toFixed(5);
      form.placeText.value = '';
      placeState.chosen = null;
      placeState.touched = true;
      placeState.typed = false;
      placeNote(`Point set on the map (${point.lat.toFixed(3)}, ${point.lng.toFixed(3)}); the item takes the nearest town's time zone.`);
      say('Point set on the map.');
    } else {
      say('');
    }
    dialog.showModal();
    (point ? document.getElementById('item-save') : document.getElementById('item-pick-on-map')).focus();
  }
  document.getElementById('map').addEventListener('keydown', (event) => {
    if (!picking) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      finishPicking(map.getCenter().wrap());
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finishPicking(null);
    }
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const errorLine = document.getElementById('item-error');
    try {
      const body = formBody();
      let answer;
      if (editing.row) {
        const itemID = editing.row.id.replace(/^item:/, '');
        answer = await api('PATCH', `/api/trips/${tripID}/items/${itemID}`, body);
      } else {
        if (body.time === null) delete body.time;
        if (body.address === null) delete body.address;
        answer = await api('POST', `/api/trips/${tripID}/items`, { ...body, place: editing.place });
      }
      dialog.close();
      render(answer.itinerary);
      say(`${editing.row ? 'Saved' : 'Added'} ${answer.row.title}.${answer.warnings.length ? ' ' + answer.warnings.join(' ') : ''}`);
      refocus(answer.row.id);
    } catch (error) {
      if (error.status === 409) {
        // The trip changed meanwhile (another tab, the CLI): take the new
        // version and keep what was typed, to save again on top of it.
        await reloadKeepingDialog();
        if (editing && editing.row && !findRow(editing.row.id)) {
          // What changed is that the item was removed: nothing to save again.
          dialog.close();
          showError(`“${editing.row.title}” is no longer in the trip; it was removed elsewhere.`);
        } else {
          errorLine.textContent = 'The trip changed meanwhile and is shown as it is now; press Save again to apply your change to it.';
        }
      } else if (error.status === 404 && editing && editing.row) {
        // The item was removed elsewhere: nothing left to edit; show the
        // trip as it is now, and why (the server's words).
        dialog.close();
        await load();
        if (!document.body.classList.contains('trip-gone')) showError(error.message);
      } else {
        errorLine.textContent = error.message;
      }
    }
  });
  document.getElementById('item-cancel').addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => flushReload());

  async function reloadKeepingDialog() {
    try {
      const doc = await api('GET', `/api/trips/${encodeURIComponent(tripID)}`);
      render(doc);
      if (editing && editing.row) editing.row = findRow(editing.row.id) || editing.row;
      state.reloadPending = false;
    } catch (error) {
      showError(error.message);
    }
  }
  document.getElementById('item-remove').addEventListener('click', async () => {
    const row = editing.row;
    if (!confirm(`Remove “${row.title}” from the trip?`)) return;
    try {
      const answer = await api('DELETE', `/api/trips/${tripID}/items/${row.id.replace(/^item:/, '')}?revision=${state.doc.revision}`);
      dialog.close();
      render(answer.itinerary);
      say(`Removed ${row.title}.`);
    } catch (error) {
      document.getElementById('item-error').textContent = error.message;
    }
  });

  // MARK: The trip's days (a re-plan)

  const daysDialog = document.getElementById('days-dialog');
  const daysForm = document.getElementById('days-form');
  document.getElementById('days-edit').addEventListener('click', () => {
    if (!state.doc || state.drag || state.keyboard) return;
    daysForm.start.value = state.doc.trip.startDate;
    daysForm.end.value = state.doc.trip.endDate;
    document.getElementById('days-error').textContent = '';
    daysDialog.showModal();
  });
  document.getElementById('days-cancel').addEventListener('click', () => { daysDialog.close(); flushReload(); });
  daysForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const errorLine = document.getElementById('days-error');
    try {
      const answer = await api('PATCH', `/api/trips/${tripID}`, {
        start: daysForm.start.value, end: daysForm.end.value, revision: state.doc.revision,
      });
      daysDialog.close();
      render(answer.itinerary);
      showError('');
      const report = answer.replan || {};
      const moved = (report.unscheduled || []).length;
      say(answer.changed
        ? `Days changed to ${longDate(answer.itinerary.trip.startDate)} – ${longDate(answer.itinerary.trip.endDate)}.${moved ? ` ${moved} item${moved === 1 ? '' : 's'} now Unscheduled.` : ''}${(report.warnings || []).length ? ' ' + report.warnings.join(' ') : ''}`
        : 'The trip already has these days.');
      flushReload();
    } catch (error) {
      if (error.status === 409) {
        await load();
        errorLine.textContent = 'The trip changed meanwhile (it is shown as it is now). Change days again to apply them.';
      } else {
        errorLine.textContent = error.message;
      }
    }
  });

  // MARK: The trip's games (a re-plan: add from the schedule, remove)

  const gamesDialog = document.getElementById('games-dialog');
  const gamesForm = document.getElementById('games-form');
  let allVenues = null; // GET /api/venues, asked for once, for the found games' venue names

  /** A game of the schedule in words ("Sun, Jun 9 · 1:10 pm EDT est. · MIL @ DET · Comerica Park"). */
  function scheduleGameText(game) {
    const venue = allVenues && allVenues[game.venueID];
    const time = gameTime(game);
    const where = game.venueName || (venue ? venue.name : game.venueID);
    return `${shortDate(game.date)} · ${time} · ${game.away} @ ${game.home} · ${where}`;
  }

  /** A game row of the trip in words, as the itinerary shows it. */
  function tripGameText(row) {
    const venue = (state.doc.venues || {})[row.venueID];
    return `${shortDate(row.date)} · ${row.title}${venue ? ' · ' + venue.name : ''}`;
  }

  document.getElementById('games-edit').addEventListener('click', () => {
    if (!state.doc || state.drag || state.keyboard) return;
    const games = state.doc.rows.filter((row) => row.kind === 'game');
    document.getElementById('games-current').replaceChildren(...games.map((row) => el('li', {}, [
      el('label', {}, [
        el('input', { type: 'checkbox', name: 'remove', value: row.gameID }),
        el('span', { text: tripGameText(row) }),
      ]),
    ])));
    document.getElementById('games-found').replaceChildren();
    document.getElementById('games-found-status').textContent = '';
    document.getElementById('games-error').textContent = '';
    gamesForm.from.value = state.doc.trip.startDate;
    gamesForm.to.value = state.doc.trip.endDate;
    gamesDialog.showModal();
    gamesForm.team.focus();
    if (!allVenues) api('GET', '/api/venues').then((answer) => { allVenues = answer.venues; }).catch(() => {});
  });

  async function findGames() {
    const query = new URLSearchParams();
    for (const key of ['team', 'from', 'to']) {
      if (gamesForm[key].value.trim()) query.set(key, gamesForm[key].value.trim());
    }
    const found = document.getElementById('games-found');
    const status = document.getElementById('games-found-status');
    try {
      const inTrip = new Set(state.doc.rows.filter((row) => row.kind === 'game').map((row) => row.gameID));
      const games = (await api('GET', `/api/games?${query}`)).filter((game) => !inTrip.has(game.id));
      found.replaceChildren(...games.slice(0, 200).map((game) => el('li', {}, [
        el('label', {}, [
          el('input', { type: 'checkbox', name: 'add', value: game.id, disabled: game.status === 'cancelled' ? true : undefined }),
          el('span', { text: scheduleGameText(game) + (game.status === 'cancelled' ? ' · cancelled' : '') }),
        ]),
      ])));
      status.textContent = games.length > 200 ? `${games.length} games not in the trip; the first 200 are shown: narrow the dates.`
        : `${games.length} game${games.length === 1 ? '' : 's'} not in the trip.`;
      document.getElementById('games-error').textContent = '';
    } catch (error) {
      found.replaceChildren();
      status.textContent = '';
      document.getElementById('games-error').textContent = error.message;
    }
  }
  document.getElementById('games-search').addEventListener('click', findGames);
  gamesForm.team.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') { event.preventDefault(); findGames(); }
  });
  document.getElementById('games-cancel').addEventListener('click', () => { gamesDialog.close(); flushReload(); });

  /** The re-plan report in words ("1 game added, 1 removed. Travel … placed again: …"). */
  function replanWords(answer, added, removed) {
    const report = answer.replan || {};
    const parts = [];
    const games = [added ? `${added} game${added === 1 ? '' : 's'} added` : null, removed ? `${removed} removed` : null].filter(Boolean);
    if (games.length) parts.push(`Games changed: ${games.join(', ')}.`);
    const title = (id) => { const row = findRow(id); return row ? row.title : null; };
    const reasons = report.reasons || {};
    for (const id of report.reset || []) parts.push(`${title(id) || 'A leg'} placed again: ${reasons[id] || 'its old place no longer fits.'}`);
    const count = (list, words) => { if ((list || []).length) parts.push(`${list.length} ${list.length === 1 ? words[0] : words[1]}.`); };
    count(report.added, ['travel leg added', 'travel legs added']);
    count(report.removed, ['travel leg removed (no longer in the route)', 'travel legs removed (no longer in the route)']);
    count(report.unscheduled, ['item now Unscheduled (its date left the trip)', 'items now Unscheduled (their dates left the trip)']);
    count(report.redated, ['item kept its date, now on another day', 'items kept their dates, now on other days']);
    for (const warning of report.warnings || []) parts.push(warning);
    return parts.join(' ');
  }

  gamesForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const errorLine = document.getElementById('games-error');
    const addGames = [...gamesForm.querySelectorAll('input[name=add]:checked')].map((box) => box.value);
    const removeGames = [...gamesForm.querySelectorAll('input[name=remove]:checked')].map((box) => box.value);
    if (!addGames.length && !removeGames.length) {
      errorLine.textContent = 'Pick a game to add or one to remove first.';
      return;
    }
    const body = { revision: state.doc.revision };
    if (addGames.length) body.addGames = addGames;
    if (removeGames.length) body.removeGames = removeGames;
    try {
      const answer = await api('PATCH', `/api/trips/${tripID}`, body);
      gamesDialog.close();
      render(answer.itinerary);
      showError('');
      say(answer.changed ? replanWords(answer, addGames.length, removeGames.length) : 'Nothing changed.');
      flushReload();
    } catch (error) {
      if (error.status === 409) {
        await load();
        errorLine.textContent = 'The trip changed meanwhile (it is shown as it is now). Press Change games again to apply your choice to it.';
      } else {
        errorLine.textContent = error.message;
      }
    }
  });

  // MARK: Undo and redo

  async function journal(direction) {
    if (state.busy || state.drag || document.body.classList.contains('trip-gone')) return;
    state.busy = true;
    try {
      const answer = await api('POST', `/api/trips/${tripID}/${direction}`, { revision: state.doc.revision });
      render(answer.itinerary);
      say(`${direction === 'undo' ? 'Undid' : 'Redid'}: ${answer.label}.`);
      showError('');
    } catch (error) {
      // A refused step is dropped by the server (it can never be taken), and
      // a conflict means the trip moved on: either way, show the trip as it
      // is (its Undo and Redo as they are now), then why nothing happened.
      if (error.status === 409 || error.status === 422 || error.status === 404) await load();
      showError(error.message);
    } finally {
      state.busy = false;
    }
  }
  // MARK: Exports

  // A download goes through fetch, so a refused one (the trip deleted
  // meanwhile, the PDF libraries missing) says why instead of saving an
  // error document or nothing at all.
  document.querySelector('.exports').addEventListener('click', async (event) => {
    const link = event.target.closest('a');
    if (!link || !link.href) return;
    event.preventDefault();
    say(`Preparing ${link.textContent}…`);
    try {
      const answer = await fetch(link.href);
      if (!answer.ok) {
        let message = `the server answered ${answer.status}`;
        try { message = (await answer.json()).error.message || message; } catch (_) { /* not JSON */ }
        say(`${link.textContent} could not be downloaded: ${message}.`);
        return;
      }
      const disposition = answer.headers.get('content-disposition') || '';
      const utf8 = /filename\*=UTF-8''([^;]+)/.exec(disposition);
      const plain = /filename="([^"]*)"/.exec(disposition);
      const name = utf8 ? decodeURIComponent(utf8[1]) : plain ? plain[1] : 'trip';
      const url = URL.createObjectURL(await answer.blob());
      const save = el('a', { href: url, download: name });
      document.body.append(save);
      save.click();
      save.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
      say(`Downloaded ${name}.`);
    } catch (error) {
      say(`${link.textContent} could not be downloaded: ${error.message || error}.`);
    }
  });

  document.getElementById('undo').addEventListener('click', () => journal('undo'));
  document.getElementById('redo').addEventListener('click', () => journal('redo'));
  document.addEventListener('keydown', (event) => {
    if (!(event.ctrlKey || event.metaKey) || document.querySelector('dialog[open]')) return;
    if (event.target.closest && event.target.closest('input, select, textarea')) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) { event.preventDefault(); journal('undo'); }
    else if ((key === 'z' && event.shiftKey) || key === 'y') { event.preventDefault(); journal('redo'); }
  });

  // MARK: Live changes (another tab, the CLI)

  function flushReload() {
    if (state.reloadPending && !state.drag && !state.keyboard && !dialog.open && !daysDialog.open && !gamesDialog.open) {
      state.reloadPending = false;
      load();
    }
  }

  function tripChanged(event) {
    let data;
    try { data = JSON.parse(event.data); } catch (error) { return; }
    if (data.id !== tripID || !state.doc) return;
    // The newest revision the page has heard of (for the browser tests).
    list.dataset.heardRevision = String(data.revision);
    if (data.revision === null) {
      gone('This trip was deleted elsewhere.');
      return;
    }
    if (data.revision <= state.doc.revision) return;
    if (state.drag || state.keyboard || state.busy || dialog.open || daysDialog.open || gamesDialog.open) {
      state.reloadPending = true;
      return;
    }
    load();
  }
  // Back after the stream was down (a server restart): changes may have been missed.
  function streamBack() {
    if (!state.doc) return;
    if (state.drag || state.keyboard || state.busy || dialog.open || daysDialog.open) {
      state.reloadPending = true;
      return;
    }
    load();
  }
  SportsTime.listen({ 'trip-changed': tripChanged }, streamBack);

  // MARK: The route map (Leaflet, the US states basemap, no tiles)

  let map = null;
  let routeLayer = null;
  function ensureMap() {
    if (map || typeof L === 'undefined') return map;
    map = SportsTime.basemapMap('map', { zoomSnap: 0.25, attributionControl: true });
    map.attributionControl.setPrefix('Leaflet');
    return map;
  }

  async function drawRoute() {
    if (!ensureMap()) return;
    try {
      const route = await api('GET', `/api/trips/${tripID}/route`);
      if (routeLayer) routeLayer.remove();
      routeLayer = SportsTime.drawRoute(map, route.waypoints.map((point) => ({ point: [point.latitude, point.longitude], name: point.name })));
    } catch (error) {
      // The map is a help, not the plan: the list stays usable.
    }
  }

  /** The warnings of the trip's creation (new.js keeps them for this page), shown once. */
  function showCreatedWarnings() {
    const key = `sportstime-created-warnings:${tripID}`;
    let warnings = [];
    try { warnings = JSON.parse(sessionStorage.getItem(key) || '[]'); } catch (_) { warnings = []; }
    sessionStorage.removeItem(key);
    if (!Array.isArray(warnings) || !warnings.length) return;
    const box = document.getElementById('created-warnings');
    box.replaceChildren(
      el('p', { text: `The trip was created with ${warnings.length === 1 ? 'a warning' : warnings.length + ' warnings'}:` }),
      el('ul', {}, warnings.map((text) => el('li', { text: String(text) }))));
    box.hidden = false;
  }

  showCreatedWarnings();
  load();
})();
