// Words written into the page only when they change.
//
//   setText(element, text);
//
// The page redraws its panels at every move, and most of their words stay the same ("White to
// move", the commitment). Setting `textContent`, even to the words already there, replaces the
// element's text node, and the browser then lays that part of the page out again in the move's
// frame (issue 27's budget of 50 ms a move under 4x CPU throttling).
export function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}
