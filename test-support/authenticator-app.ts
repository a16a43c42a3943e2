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
}
