// The team's lead tools: `npm run leads -- export|outbox|retry|erase|backup` (server/leads/cli.ts).
import '#server/build-globals.ts'
import { readServerEnv } from '#server/env.ts'
import { runLeadsCli } from '#server/leads/cli.ts'

process.exitCode = await runLeadsCli(process.argv.slice(2), readServerEnv(process.env))
