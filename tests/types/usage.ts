// Type-checks the declarations the wasm build emits (www/pkg/schachwerk.d.ts) the way a
// TypeScript site would use them. Run by `./build.sh test` with `tsc --noEmit`.
import init, { Game, variants } from "../../www/pkg/schachwerk.js";
import type { ActionInfo, BoardInfo, EngineError, Played, Status } from "../../www/pkg/schachwerk.js";

export async function example(): Promise<string> {
  await init();
  const names: string[] = variants();
  const game = new Game(names[0], { castling: true, sequence: "knighted" }, null);
  const actions: ActionInfo[] = game.legalActions();
  const first: string | null = actions[0].from;
  const played: Played = game.play(actions[0].action);
  const status: Status = played.status;
  const winner: "white" | "black" | null = status.winner;
  const board: BoardInfo = game.board();
  const squares: number = board.files * board.ranks - board.holes.length;
  try {
    game.play("e9e10");
  } catch (err) {
    const code: EngineError["code"] = (err as EngineError).code;
    return `${code} ${first} ${winner} ${squares} ${played.promotions.length}`;
  }
  return game.fen();
}
