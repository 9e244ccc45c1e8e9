// The table in a React app: React keeps the view, the table draws it and reports choices.

import { botRandom, heuristicBot } from 'for-the-king-and-me/bots';
import { createLocalGame } from 'for-the-king-and-me/ui';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

function Game({ players, seed }) {
  const [game] = useState(() => {
    const rng = botRandom(`bots-${seed}`);
    return createLocalGame({ players, seed, bots: (view) => heuristicBot(view, rng) });
  });
  const [shown, setShown] = useState(() => ({ events: [...game.opening(), ...game.playBots()], view: game.view() }));
  const play = (event) => {
    const events = game.play(event.detail.action); // yours, then the bots' until your turn
    setShown({ view: game.view(), events });
  };
  return <ftk-table view={shown.view} events={shown.events} onftk-action={play} />;
}

createRoot(document.getElementById('root')).render(<Game players={3} seed={7} />);
