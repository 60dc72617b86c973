// SportsTime — "Mark attended" on a past trip's page (/trips/{id}): records
// the trip's played games as visits, each game once (the server's
// `trip attended`). The button shows only when the server lists the trip
// as past. The server first says, without storing anything (`dryRun`),
// which games it would record; the page lists them for the person to
// confirm, records exactly those, and offers to undo it (issue 28, item 17).
'use strict';

(() => {
  const { api, el, longDate } = SportsTime;
  const tripID = decodeURIComponent(location.pathname.split('/')[2] || '');
  const button = document.getElementById('mark-attended');
  const statusLine = document.getElementById('status');
  const dialog = document.getElementById('attended-dialog');
  const list = document.getElementById('attended-games');
  const confirmButton = document.getElementById('attended-confirm');
  const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const path = `/api/trips/${encodeURIComponent(tripID)}/attended`;
  let pending = null; // the dry run's answer, while the dialog is open

  api('GET', '/api/trips').then((lists) => {
    button.hidden = !lists.past.some((trip) => trip.id === tripID);
  }).catch(() => {});

  /** Why the other games are not recorded, in words. */
  function skippedWords(answer) {
    const count = (reason) => answer.skipped.filter((s) => s.reason === reason).length;
    const parts = [];
    if (count('already-recorded')) parts.push(`${plural(count('already-recorded'), 'game')} already recorded.`);
    if (count('linked')) parts.push(`${plural(count('linked'), 'visit')} you typed by hand ${count('linked') === 1 ? 'is' : 'are'} linked to ${count('linked') === 1 ? 'its game' : 'their games'}.`);
    if (count('not-played')) parts.push(`${plural(count('not-played'), 'game')} not played yet.`);
    if (count('cancelled')) parts.push(`${plural(count('cancelled'), 'game')} cancelled.`);
    return parts;
  }

  /** A recorded visit's game in words, as the itinerary shows it ("Tue, Jun 4, 2024 · KC @ CLE · Progressive Field, Cleveland"). */
  function gameWords(visit) {
    const doc = window.sportstimeEditor && window.sportstimeEditor.doc;
    const row = doc && doc.rows.find((r) => r.kind === 'game' && r.gameID === visit.gameID);
    const venue = row && doc.venues && doc.venues[row.venueID];
    const title = row ? row.title : `${visit.away || '?'} @ ${visit.home || '?'}`;
    return [longDate(visit.date), title, venue ? `${venue.name}, ${venue.city}` : null].filter(Boolean).join(' · ');
  }

  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const answer = await api('POST', path, { dryRun: true });
      if (!answer.recorded.length) {
        statusLine.textContent = [`No new visits from “${answer.trip}”.`, ...skippedWords(answer)].join(' ');
        return;
      }
      pending = answer;
      list.replaceChildren(...answer.recorded.map((visit) => el('li', { text: gameWords(visit) })));
      document.getElementById('attended-skipped').textContent = skippedWords(answer).join(' ');
      confirmButton.textContent = `Record ${plural(answer.recorded.length, 'visit')}`;
      dialog.showModal();
      confirmButton.focus();
    } catch (error) {
      statusLine.textContent = error.message;
    } finally {
      button.disabled = false;
    }
  });

  document.getElementById('attended-cancel').addEventListener('click', () => {
    pending = null;
    dialog.close();
    statusLine.textContent = 'Nothing recorded.';
  });

  document.getElementById('attended-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!pending) return;
    const games = pending.recorded.map((visit) => visit.gameID);
    pending = null;
    dialog.close();
    button.disabled = true;
    try {
      // Exactly the games confirmed (a game played or recorded meanwhile
      // is the server's to refuse or skip).
      const answer = await api('POST', path, { games });
      const parts = [answer.recorded.length
        ? `Recorded ${plural(answer.recorded.length, 'visit')} from “${answer.trip}”.`
        : `No new visits from “${answer.trip}”.`, ...skippedWords(answer)];
      statusLine.textContent = parts.join(' ');
      statusLine.append(' ');
      if (answer.recorded.length) {
        statusLine.append(el('button', {
          type: 'button', class: 'small', id: 'attended-undo', text: 'Undo',
          onclick: () => undo(answer),
        }), ' ');
      }
      statusLine.append(el('a', { href: '/history', text: 'See your games history' }));
    } catch (error) {
      statusLine.textContent = error.message;
    } finally {
      button.disabled = false;
    }
  });

  /** Takes back what one "Mark attended" recorded: its new visits are removed. */
  async function undo(answer) {
    const undoButton = document.getElementById('attended-undo');
    if (undoButton) undoButton.disabled = true;
    let removed = 0;
    try {
      for (const visit of answer.recorded) {
        try {
          await api('DELETE', `/api/visits/${encodeURIComponent(visit.id)}`);
          removed += 1;
        } catch (error) {
          if (error.status !== 404) throw error; // removed meanwhile: nothing to undo there
        }
      }
      statusLine.textContent = `Undone: ${plural(removed, 'visit')} from “${answer.trip}” removed.`;
    } catch (error) {
      statusLine.textContent = `Undo stopped after ${plural(removed, 'visit')}: ${error.message}`;
    }
  }
})();
