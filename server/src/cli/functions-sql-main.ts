// `npm run --silent functions-sql > functions.sql`: the app's functions as one
// SQL script, for a hosted Supabase project, which applies our numbered
// migrations but not our server's start (docs/self-hosting.md, "On a hosted Supabase project").
import { functionsScript, readFunctionFiles } from '../db/function-files.ts';

process.stdout.write(functionsScript(await readFunctionFiles()));
