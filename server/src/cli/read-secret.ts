import { stdin, stdout } from 'node:process';

// A secret for a command, read from standard input and never from its
// arguments, which every user of the machine can see in the process list.
// Piped, it is the input without its final new line; at a terminal, a
// prompt whose typing is not echoed.

export async function readSecret(prompt: string): Promise<string> {
  if (!stdin.isTTY) {
    let text = '';
    for await (const chunk of stdin) text += String(chunk);
    return text.replace(/\r?\n$/, '');
  }
  stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  let secret = '';
  try {
    for await (const chunk of stdin) {
      for (const char of String(chunk)) {
        if (char === '\r' || char === '\n') return secret;
        if (char === '\u0003') throw new Error('cancelled');
        if (char === '\u007f') secret = secret.slice(0, -1);
        else secret += char;
      }
    }
    return secret;
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
    stdout.write('\n');
  }
}
