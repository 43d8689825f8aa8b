// The engine side of the evanbrierton/cambio adapter: one JSON request per line on
// stdin, one reply per line on stdout. It holds no game: each request brings the
// engine's whole GameState, and the reply gives it back as the engine left it.
//
//   {"op": "message", "state": GameState, "player": id, "message": ClientMessage}
//     -> {"result": <handleMessage's return value>, "state": GameState}
//   {"op": "reveal", "state": GameState}
//     -> the end-of-round snap window expired (expireSnapWindow) and the results
//        shown (handleMessage "show_results" by the host): {"state": GameState}
//
// Run with tsx (an .mts file: an ES module); CAMBIO_DIR names the engine's checkout (packages/game/src/engine.ts).
import * as readline from "node:readline";
import * as path from "node:path";
import { pathToFileURL } from "node:url";

const root = process.env.CAMBIO_DIR;
if (!root) {
  process.stderr.write("cambio bridge: set CAMBIO_DIR to a checkout of evanbrierton/cambio\n");
  process.exit(2);
}
const engine = await import(
  pathToFileURL(path.join(root, "packages", "game", "src", "engine.ts")).href
);

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  const request = JSON.parse(line);
  const state = request.state;
  let reply: unknown;
  try {
    if (request.op === "message") {
      const result = engine.handleMessage(state, request.player, request.message);
      reply = { result, state };
    } else if (request.op === "reveal") {
      engine.expireSnapWindow(state, Number.MAX_SAFE_INTEGER);
      const result = engine.handleMessage(state, state.hostId, { type: "show_results" });
      reply = { result, state };
    } else {
      reply = { error: `unknown op ${request.op}` };
    }
  } catch (exc) {
    reply = { error: String(exc) };
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
}
