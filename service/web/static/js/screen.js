// Which answer is still wanted: a screen (or a part of one) that waits for the network draws only
// while no newer one has begun. A language switched, a link followed or a game chosen again while
// the first answer was on its way must not be drawn over by that older answer.

// A newest-only check: each call begins an attempt and gives the function that tells whether that
// attempt is still the newest of this check's.
export function latest() {
  let asked = 0;
  return () => {
    const mine = ++asked;
    return () => mine === asked;
  };
}

// The page's screen (the start screen, a match, a seat's claim): one drawing of it is the newest.
export const newScreen = latest();
