// SportsTime — the games history (/history, seed: GamesHistoryView): every
// game attended, by year newest first, filtered by sport (multi-select
// chips). The server groups, filters and counts; this page shows it.
'use strict';

(() => {
  const { api, el, longDate, showError, showNotice, addressSports, unknownSportsNotice, sportIcons: icons } = SportsTime;
  const chips = [...document.querySelectorAll('#sport-chips [data-sport]')];
  const asked = addressSports(new URLSearchParams(location.search).get('sport'));
  const chosen = new Set(asked.known);
  showNotice(unknownSportsNotice(asked.unknown, chosen.size ? 'the sports it does know are chosen.' : 'every sport is shown.'));

  async function load() {
    for (const chip of chips) chip.setAttribute('aria-pressed', String(chosen.has(chip.dataset.sport)));
    const sports = chips.map((c) => c.dataset.sport).filter((s) => chosen.has(s));
    // The chips are in the address, so Back and a reload keep them.
    const address = sports.length ? `?sport=${sports.join(',')}` : location.pathname;
    if (location.search !== (sports.length ? address : '')) window.history.replaceState(null, '', address);
    try {
      const history = await api('GET', `/api/history${sports.length ? `?sport=${sports.join(',')}` : ''}`);
      render(history, sports);
      showError('');
    } catch (error) {
      showError(error.message);
    }
  }

  function render(history, sports) {
    const title = `${history.total} Game${history.total === 1 ? '' : 's'} Attended`;
    document.getElementById('history-title').textContent = title;
    document.title = `SportsTime — ${title}`;
    const empty = document.getElementById('empty');
    empty.hidden = history.total > 0;
    empty.replaceChildren();
    if (history.total === 0) {
      if (sports.length) {
        empty.textContent = 'No games match these filters.';
      } else {
        empty.append('No games recorded yet. Add your first visit!', ' ', el('a', { href: '/progress', text: 'Add a visit' }));
      }
    }
    document.getElementById('years').replaceChildren(...history.years.map((year) =>
      el('section', { class: 'year', 'data-year': String(year.year), 'aria-label': String(year.year) }, [
        el('h2', { class: 'year-header', text: `${year.year} · ${year.games.length} game${year.games.length === 1 ? '' : 's'}` }),
        el('ul', { class: 'history-list' }, year.games.map(row)),
      ])));
  }

  function row(game) {
    const teams = game.away && game.home ? `${game.away} ${game.neutralSite ? 'vs' : '@'} ${game.home}` : 'No matchup recorded';
    const score = game.score ? `${game.score.away}-${game.score.home}` : '—';
    return el('li', { class: 'history-row', 'data-visit-id': game.visitID, 'data-sport': game.sport }, [
      el('a', { href: `/progress?sport=${game.sport}&venue=${encodeURIComponent(game.venueID)}&visit=${game.visitID}` }, [
        el('span', { class: 'sport-icon', role: 'img', 'aria-label': game.sport, text: icons[game.sport] || '' }),
        el('span', { class: 'body' }, [
          el('span', { class: 'what', text: teams }),
          el('span', { class: 'venue-meta', text: `${longDate(game.date)} · ${game.venue || game.venueID}` }),
        ]),
        el('span', { class: 'score', text: score }),
      ]),
    ]);
  }

  for (const chip of chips) {
    chip.addEventListener('click', () => {
      if (chosen.has(chip.dataset.sport)) chosen.delete(chip.dataset.sport);
      else chosen.add(chip.dataset.sport);
      load();
    });
  }
  // The sticky headers below the page's own sit right under it, whatever its height.
  const bar = document.querySelector('header.bar');
  const measure = () => document.documentElement.style.setProperty('--bar-height', `${bar.offsetHeight}px`);
  window.addEventListener('resize', measure);
  measure();
  // Live: a visit recorded elsewhere (another tab, the CLI) redraws the list.
  SportsTime.listen({ 'visits-changed': load }, load);
  load();
})();
