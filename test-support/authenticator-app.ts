import { TOTP } from 'otpauth';

/**
 * The phone app a person scans the QR code into, played by an independent
 * TOTP implementation (the otpauth package), so that the server's codes are
 * checked against someone else's reading of RFC 6238, not its own.
 */
export class AuthenticatorApp {
  private readonly totp: TOTP;

  /** Set up from the key the app shows as text (what a person types by hand). */
  constructor(secret: string) {
    this.totp = new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 });
  }

  /** The code on screen at `time` (now by default). */
  code(time: number = Date.now()): string {
    return this.totp.generate({ timestamp: time });
  }

  /** The code of the next 30-second period: one the server has not seen yet. */
  nextCode(): string {
    return this.code(Date.now() + 30_000);
  }

  /** The code of the last period, as a phone whose clock is a little behind shows it. */
  previousCode(): string {
    return this.code(Date.now() - 30_000);
  }

  /** Six digits that are none of the codes the server accepts now. */
  wrongCode(): string {
    const accepted = new Set([this.previousCode(), this.code(), this.nextCode()]);
    return ['000000', '111111', '222222', '333333'].find((c) => !accepted.has(c)) ?? '444444';
  }
}
