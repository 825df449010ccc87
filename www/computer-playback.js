// The computer's turn played out step by step: each action of a turn of several (an
// Impulschach chain and Resonance Shift, an Immortal Chess move and entry) is played and drawn
// on its own, with a pause between them, so that a player can follow it. Without motion (the
// page's animation setting off, or prefers-reduced-motion) the whole turn is played at once.
//
//   const playback = playSteps(['b8c6', 'a7a5'], {
//     pause: 400,                      // ms between two actions; 0: all at once
//     step: (action) => true,          // plays and draws one action; false stops the playback
//     done: () => ...,                 // after the last action, or a step that stopped it
//     failed: (err) => ...,            // a step threw: the playback is over (then done)
//   });
//   playback.start();                  // plays the first action at once, the others each after `pause` ms
//   playback.cancel();                 // the user stopped it, undid, or started a new game: no more steps, no done
//   playback.active                    // true until done or cancelled
//
// start() is separate so that the host can keep the playback (and know it is under way)
// before the first step's redraw.

export function playSteps(actions, { pause = 0, step, done = () => {}, failed = () => {} }) {
  const queue = [...actions];
  let timer = null;
  let active = true;

  function finish() {
    active = false;
    done();
  }

  function next() {
    timer = null;
    if (!active) return;
    while (queue.length > 0) {
      let going;
      try {
        going = step(queue.shift());
      } catch (err) {
        // A step that throws inside a timer would otherwise leave the playback under way for
        // ever, and the computer waiting on it.
        failed(err);
        going = false;
      }
      if (!going) return finish();
      if (pause > 0 && queue.length > 0) {
        timer = setTimeout(next, pause);
        return;
      }
    }
    finish();
  }

  return {
    start() {
      next();
    },
    cancel() {
      active = false;
      clearTimeout(timer);
      timer = null;
    },
    get active() {
      return active;
    },
  };
}
