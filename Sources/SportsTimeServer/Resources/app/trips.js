// SportsTime — the trips screen (/): upcoming and past trips as the server
// groups them; rename, copy and delete (with confirmation); planning tips.
'use strict';

(() => {
  const { api, el, longDate, showError } = SportsTime;
  const statusLine = document.getElementById('status');
  const dialog = document.getElementById('name-dialog');
  const form = document.getElementById('name-form');
  let naming = null; // {trip, action: 'rename' | 'copy'}

  async function load() {
    try {
      const lists = await api('GET', '/api/trips');
      for (const group of ['upcoming', 'past']) {
        const list = document.getElementById(group);
        const trips = lists[group];
        list.replaceChildren(...(trips.length ? trips.map(card)
          : [el('li', { class: 'empty', text: group === 'upcoming' ? 'No upcoming trips. Start one with “New trip”.' : 'No past trips.' })]));
      }
      showError('');
    } catch (error) {
      showError(error.message);
    }
  }

  function card(trip) {
    const days = `${trip.dayCount} day${trip.dayCount === 1 ? '' : 's'}`;
    const games = `${trip.games} game${trip.games === 1 ? '' : 's'}`;
    return el('li', { class: 'trip-card', 'data-trip-id': trip.id }, [
      el('a', { class: 'name', href: `/trips/${trip.id}` }, [
        el('span', { class: 'title', text: trip.name }),
        el('span', { class: 'meta', text: `${longDate(trip.startDate)} – ${longDate(trip.endDate)} · ${days} · ${games}` }),
      ]),
      el('button', { type: 'button', text: 'Rename', 'aria-label': `Rename ${trip.name}`, onclick: () => ask(trip, 'rename') }),
      el('button', { type: 'button', text: 'Copy', 'aria-label': `Copy ${trip.name}`, onclick: () => ask(trip, 'copy') }),
      el('button', { type: 'button', class: 'danger', text: 'Delete', 'aria-label': `Delete ${trip.name}`, onclick: () => remove(trip) }),
    ]);
  }

  function ask(trip, action) {
    naming = { trip, action };
    document.getElementById('name-dialog-title').textContent = action === 'rename' ? `Rename “${trip.name}”` : `Copy “${trip.name}”`;
    form.name.value = action === 'rename' ? trip.name : `${trip.name} (copy)`;
    document.getElementById('name-error').textContent = '';
    dialog.showModal();
    form.name.select();
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const { trip, action } = naming;
    try {
      if (action === 'rename') {
        const answer = await api('PATCH', `/api/trips/${trip.id}`, { name: form.name.value, revision: trip.revision });
        const name = answer.itinerary.trip.name;
        statusLine.textContent = answer.changed ? `Renamed to “${name}”.` : `“${name}” already has that name.`;
      } else {
        const copy = await api('POST', `/api/trips/${trip.id}/copy`, { name: form.name.value });
        statusLine.textContent = `Copied as “${copy.trip.name}”.`;
      }
      dialog.close();
      load();
    } catch (error) {
      if (error.status === 409 && action === 'rename') {
        // Changed elsewhere since the list was drawn: show it as it is now
        // and keep what was typed; the next Save is based on the new state.
        const lists = await api('GET', '/api/trips').catch(() => null);
        const fresh = lists && [...lists.upcoming, ...lists.past].find((t) => t.id === trip.id);
        if (fresh) naming.trip = fresh;
        load();
        document.getElementById('name-error').textContent = fresh
          ? `“${fresh.name}” changed meanwhile (it is shown as it is now). Save again to rename it.`
          : 'This trip no longer exists.';
        return;
      }
      document.getElementById('name-error').textContent = error.message;
    }
  });
  document.getElementById('name-cancel').addEventListener('click', () => dialog.close());

  async function remove(trip) {
    if (!confirm(`Delete “${trip.name}” and everything planned in it? This cannot be undone.`)) return;
    try {
      await api('DELETE', `/api/trips/${trip.id}?revision=${trip.revision}`);
      statusLine.textContent = `Deleted “${trip.name}”.`;
      load();
    } catch (error) {
      showError(error.message);
    }
  }

  // Planning tips: three at random; "More tips" asks for three others
  // (the server leaves out the ids shown).
  const tipList = document.getElementById('tip-list');
  const moreTips = document.getElementById('more-tips');

  async function loadTips() {
    const shown = [...tipList.querySelectorAll('[data-tip-id]')].map((node) => node.dataset.tipId);
    const query = shown.length ? `&exclude=${shown.map(encodeURIComponent).join(',')}` : '';
    moreTips.disabled = true;
    tipList.setAttribute('aria-busy', 'true');
    try {
      const answer = await api('GET', `/api/tips?count=3${query}`);
      tipList.replaceChildren(...answer.tips.map((tip) => el('li', { class: 'tip-card', 'data-tip-id': tip.id }, [
        el('span', { class: 'topic', text: tip.topicTitle }),
        el('p', { text: tip.text }),
      ])));
    } catch (error) {
      tipList.replaceChildren(el('li', { class: 'empty', text: `No tips right now: ${error.message}` }));
    } finally {
      moreTips.disabled = false;
      tipList.removeAttribute('aria-busy');
    }
  }
  moreTips.addEventListener('click', loadTips);
  loadTips();

  SportsTime.listen({ 'trip-changed': () => { if (!dialog.open) load(); } }, () => { if (!dialog.open) load(); });
  load();
})();
