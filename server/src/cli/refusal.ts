/**
 * What the person running a command did wrong (a bad file, a non-empty
 * database, an unknown account): said in one line, never a stack trace.
 */
export class CommandRefusal extends Error {}
