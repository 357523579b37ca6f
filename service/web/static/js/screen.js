// Which drawing of the page's screen is the newest. A screen that waits for the network draws
// only while no newer one has begun: a language switched, a link followed or a game chosen again
// while the first answer was on its way must not be drawn over by that older answer.
let drawn = 0;

// A new drawing begins; the answer tells whether it is still the newest.
export function newScreen() {
  const mine = ++drawn;
  return () => mine === drawn;
}

// A newest-only check of its own, for one part of a screen (the form of the game chosen last).
export function latest() {
  let asked = 0;
  return () => {
    const mine = ++asked;
    return () => mine === asked;
  };
}
