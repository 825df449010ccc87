// Type-checks the widget's hand-written declarations (www/*.d.ts) the way a TypeScript site
// would use them. Run by `./build.sh test` with `tsc --noEmit`, beside usage.ts; the package's
// copies are checked in a scratch project by tests/package/node.test.mjs.
import "../../www/schach-board.js";
import { SchachBoard, loadEngine, parseMoves, parseOptions } from "../../www/schach-board.js";
import type { SchachBoardChangeDetail, SchachBoardErrorDetail } from "../../www/schach-board.js";
import { createBoard, createPiece, ORTHODOX_GLYPHS, pieceColor, pieceName, picturesFor, squareName } from "../../www/board.js";
import type { Board } from "../../www/board.js";
import { createGameHost, moveMap, optionButtons, playRecorded, undoToTurnOf, withOption } from "../../www/game-host.js";
import { PICTURE_NAMES, pieceElement, VARIANT_PICTURES } from "../../www/pieces.js";
import { legendEntries, legendNote, renderLegend } from "../../www/legend.js";
import { DEFAULT_SEQUENCE, SEQUENCES, sequenceOf, sequencePictures } from "../../www/nietzsche-sequences.js";
import type { Sequence } from "../../www/nietzsche-sequences.js";
import type { Color, Played } from "../../www/pkg/schachwerk.js";

export async function page(): Promise<string> {
  const element = document.querySelector("schach-board")!;
  const seen: string[] = [];
  element.addEventListener("move", (event) => seen.push(event.detail.action, event.detail.turn, event.detail.decision.kind));
  element.addEventListener("entry", (event) => element.play(`${event.detail.action}=n`));
  element.addEventListener("error", (event) => seen.push(event.detail.code, event.detail.message, event.detail.step));
  element.addEventListener("gameover", (event) => seen.push(event.detail.status.state, event.detail.fen));
  element.addEventListener("change", (event) => {
    const detail: SchachBoardChangeDetail = event.detail;
    seen.push(detail.cause);
  });
  element.addEventListener("pointerdown", (event) => seen.push(String(event.pointerId)));
  const ready: SchachBoard = await element.ready;
  const error: SchachBoardErrorDetail | null = ready.lastError;
  const side: Color = element.orientation;
  element.orientation = side === "white" ? "black" : "white";
  const played: Played = element.play(element.legalMoves()[0].action);
  element.fen = null;
  SchachBoard.engineUrl = "/pkg/schachwerk.js";
  const engine = await loadEngine(SchachBoard.engineUrl);
  const game = new engine.Game("chess");
  playRecorded(game, "e4");
  undoToTurnOf(game, game.turn());

  const board: Board = createBoard(document.createElement("div"), { pictures: picturesFor("nacht"), orientation: "black" });
  board.setPieces(game.board().pieces).setDestinations(moveMap(game.legalActions())).onMove((from, to) => game.play(from + to));
  const host = createGameHost({ onAction: (action) => game.play(action) });
  const decision = host.draw(game, board, { interactive: true });
  const buttons: HTMLButtonElement[] = optionButtons(decision.options, host.choose);
  const promoted: string | null = await board.choosePromotion("e8", ["Q", "N"]);
  renderLegend(document.body, "nietzsche", { sequence: "knighted" });
  const timur: Sequence | null = sequenceOf({ sequence: "timur" });
  const eurasian = picturesFor("nietzsche", { sequence: "eurasian" });
  return [
    timur?.pieces[3].picture, eurasian.O, SEQUENCES[0].title, DEFAULT_SEQUENCE, sequencePictures(SEQUENCES[1]).C,
    withOption("castling=true", "sequence", null),
    error?.code, played.notation, parseMoves("e4 e5").length, parseOptions("castling=true").castling, buttons.length,
    promoted, createPiece("K").dataset.piece, pieceColor("k"), pieceName("q", VARIANT_PICTURES.quintessential),
    squareName(0, 0), ORTHODOX_GLYPHS.Q, PICTURE_NAMES["dragon-horse"], pieceElement("king", "black").tagName,
    legendEntries("impulschach")[0].picture, legendNote("nacht"), seen.join(" "),
  ].join(" ");
}
