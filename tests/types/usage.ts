// Type-checks the declarations the wasm build emits (www/pkg/schachwerk.d.ts) the way a
// TypeScript site would use them. Run by `./build.sh test` with `tsc --noEmit`.
import init, { Game, revealOf, variants } from "../../www/pkg/schachwerk.js";
import type {
  ActionFilter, ActionInfo, BoardInfo, Color, DecisionInfo, EngineError, GameRecord, Played,
  RevealInfo, Status, ThinkLimits, Thought, TurnInfo,
} from "../../www/pkg/schachwerk.js";

export async function example(): Promise<string> {
  await init();
  const names: string[] = variants();
  const game = new Game(names[0]);
  const side: Color = game.turn();
  const optioned = new Game("nietzsche", { sequence: "knighted" });
  const loaded = new Game("chess", null, "8/8/8/8/8/8/8/K6k w - - 0 1");
  const actions: ActionInfo[] = game.legalActions();
  const first: string | null = actions[0].from;
  const played: Played = game.play(actions[0].action);
  const status: Status = played.status;
  const winner: Color | null = status.winner;
  const board: BoardInfo = game.board();
  const squares: number = board.files * board.ranks - board.holes.length;
  const decision: DecisionInfo = game.decision();
  const deciding: Color | null = decision.color;
  const check: boolean = game.inCheck();
  const activated: string[] = decision.marks.find((m) => m.mark === "activated")?.squares ?? [];
  const turns: TurnInfo[] = game.turns();
  const lastTurn: string = turns.length ? turns[turns.length - 1].notation : activated.join(" ");
  const mover: Color | undefined = turns[0]?.color;
  const revealedColor: Color | undefined = played.reveal?.color;
  const limits: ThinkLimits = { nodes: 2000 };
  const thought: Thought = game.think(limits);
  const answer: string[] = thought.turn;
  const score: string = `${thought.score} ${thought.depth} ${thought.nodes} ${thought.nps} ${thought.pv.join(" ")}`;
  const record: GameRecord = game.record();
  const pgn: string = game.pgn({ White: "Anna", Round: 3 }) + game.pgn();
  const fromPgn: Game = Game.fromPgn(pgn);
  const copy = new Game(record.variant, record.options, record.start);
  for (const action of record.actions) copy.play(action);
  game.think({ ms: 100, depth: 4 });
  // The lean listings of a validator.
  const moves: string[] = game.legalMoves();
  const count: number = game.countLegal() + game.ply();
  const ok: boolean = game.isLegal(moves[0] ?? "e2e4");
  const filter: ActionFilter = { square: "e2" };
  const fromE2: ActionInfo[] = game.legalActions(filter);
  const everyAction: ActionInfo[] = game.legalActions();
  // A refereed game rebuilt from its record and seed; what an entry reveals, statelessly.
  const seed = "5e".repeat(32);
  const refereed = new Game("immortal", { seed }, null);
  refereed.play("f3f5");
  const rebuilt: Game = Game.fromRecord(refereed.record(), seed);
  const publicCopy: Game = Game.fromRecord(refereed.record(), null);
  const reveal: RevealInfo = revealOf(seed, rebuilt.record(), "a5b5");
  const revealed: string = `${reveal.square} ${reveal.to} ${reveal.piece} ${reveal.color}`;
  // Declared ends.
  const resigned: Status = rebuilt.resign("white");
  const state: "ongoing" | "white wins" | "black wins" | "draw" | "unfinished" = resigned.state;
  const agreed: Status = publicCopy.agreeDraw();
  const abandoned: Status = new Game("chess", null, null).abandon();
  const end: string | null | undefined = rebuilt.record().end;
  const ends = `${moves.length} ${count} ${ok} ${fromE2.length} ${everyAction.length} ${revealed} ${state} ${agreed.reason} ${abandoned.state} ${end}`;
  try {
    game.play("e9e10");
  } catch (err) {
    const code: EngineError["code"] = (err as EngineError).code;
    const refused: boolean = code === "bad_argument";
    return `${ends} ${code} ${fromPgn.fen()} ${first} ${winner} ${squares} ${played.promotions.length} ${lastTurn} ${refused} ${answer[0]} ${score} ${check}` +
      ` ${side} ${deciding} ${mover} ${revealedColor} ${optioned.fen()} ${loaded.fen()}`;
  }
  return game.fen();
}
