// SportsTime — "Mark attended" on a past trip's page (/trips/{id}): records
// the trip's played games as visits, each game once (the server's
// `trip attended`). The button shows only when the server lists the trip
// as past.
'use strict';

(() => {
  const { api } = SportsTime;
  const tripID = decodeURIComponent(location.pathname.split('/')[2] || '');
  const button = document.getElementById('mark-attended');
  const statusLine = document.getElementById('status');
  const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

  api('GET', '/api/trips').then((lists) => {
    button.hidden = !lists.past.some((trip) => trip.id === tripID);
  }).catch(() => {});

  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const answer = await api('POST', `/api/trips/${encodeURIComponent(tripID)}/attended`, {});
      const count = (reason) => answer.skipped.filter((s) => s.reason === reason).length;
      const parts = [answer.recorded.length
        ? `Recorded ${plural(answer.recorded.length, 'visit')} from “${answer.trip}”.`
        : `No new visits from “${answer.trip}”.`];
      if (count('already-recorded')) parts.push(`${plural(count('already-recorded'), 'game')} already recorded.`);
      if (count('linked')) parts.push(`${plural(count('linked'), 'visit')} you typed by hand now linked to ${count('linked') === 1 ? 'its game' : 'their games'}.`);
      if (count('not-played')) parts.push(`${plural(count('not-played'), 'game')} not played yet.`);
      if (count('cancelled')) parts.push(`${plural(count('cancelled'), 'game')} cancelled.`);
      statusLine.textContent = parts.join(' ');
      statusLine.append(' ');
      const link = document.createElement('a');
      link.href = '/history';
      link.textContent = 'See your games history';
      statusLine.append(link);
    } catch (error) {
      statusLine.textContent = error.message;
    } finally {
      button.disabled = false;
    }
  });
})();
