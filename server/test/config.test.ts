import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../src/config.ts';

describe('configuration', () => {
  it('has working defaults for a plain `npm start`', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      jwtSecret: undefined,
      smtpUrl: undefined,
      trustProxyHops: 0,
    });
    expect(config.google.clientId).toBe('');
  });

  it('names every wrong variable in one message', () => {
    const read = () =>
      readConfig({
        PORT: 'eighty',
        JWT_SECRET: 'short',
        DATABASE_URL: 'not a url',
        LOG_LEVEL: 'loud',
      });
    expect(read).toThrow(ConfigError);
    try {
      read();
    } catch (err) {
      const message = (err as Error).message;
      for (const name of ['PORT', 'JWT_SECRET', 'DATABASE_URL', 'LOG_LEVEL']) {
        expect(message).toContain(name);
      }
    }
  });

  it('treats empty optional variables as unset', () => {
    const config = readConfig({ DATABASE_URL: '', SMTP_URL: '', JWT_SECRET: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.jwtSecret).toBeUndefined();
  });

  it('believes only as many proxy hops as configured, never every hop', () => {
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxyHops).toBe(1);
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxyHops).toBe(2);
    expect(readConfig({ TRUST_PROXY: 'false' }).trustProxyHops).toBe(0);
    expect(() => readConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });

  it('normalises the site URL and the redirect allow-list', () => {
    const config = readConfig({
      SITE_URL: 'https://energy.example/',
      ADDITIONAL_REDIRECT_URLS: 'https://a.example, https://b.example ,',
    });
    expect(config.siteUrl).toBe('https://energy.example');
    expect(config.additionalRedirectUrls).toEqual(['https://a.example', 'https://b.example']);
  });

  it('accepts a Google issuer over https, or plain http only on this machine', () => {
    expect(readConfig({}).google.issuer).toBe('https://accounts.google.com');
    expect(readConfig({ GOOGLE_ISSUER: 'http://127.0.0.1:4000' }).google.issuer).toBe(
      'http://127.0.0.1:4000',
    );
    expect(() => readConfig({ GOOGLE_ISSUER: 'http://idp.example' })).toThrow(/GOOGLE_ISSUER/);
  });

  it('wants the Google client secret whenever a client id is given', () => {
    expect(() => readConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(readConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).google).toMatchObject({
      clientId: 'id',
      clientSecret: 's',
    });
  });

  it('needs SITE_URL with SMTP_URL, so that no Host header decides where e-mail links point', () => {
    expect(() => readConfig({ SMTP_URL: 'smtp://mail.example:587' })).toThrow(
      /SITE_URL: must be set when SMTP_URL is/,
    );
    // Reported beside any other problem, in the one message.
    expect(() => readConfig({ SMTP_URL: 'smtp://mail.example:587', PORT: 'x' })).toThrow(
      /PORT.*SITE_URL/,
    );
    expect(() =>
      readConfig({ SMTP_URL: 'http://mail.example', SITE_URL: 'https://a.example' }),
    ).toThrow(/SMTP_URL: must start with smtp:\/\/ or smtps:\/\//);
    expect(() => readConfig({ SMTP_FROM: 'not an address' })).toThrow(/SMTP_FROM/);
  });

  it("reads the mail settings, with GoTrue's defaults for link lifetime and frequency", () => {
    expect(readConfig({}).mail).toBeUndefined();
    const config = readConfig({
      SMTP_URL: 'smtps://user:secret@mail.example:465',
      SITE_URL: 'https://energy.example/',
      SMTP_FROM: 'Energy <hello@energy.example>',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://user:secret@mail.example:465',
      from: 'Energy <hello@energy.example>',
      siteUrl: 'https://energy.example',
      maxFrequencySeconds: 60,
      sentPerHour: 30,
      answerMinMs: 800,
    });
    expect(config.emailLinkLifetimeSeconds).toBe(86400);
    expect(config.rateLimits).toMatchObject({ verifyPer5Min: 30, emailLinkRequestsPer5Min: 30 });
  });
});

describe('the limit on requests for e-mail links', () => {
  it('is read under its name, and under the old RATE_LIMIT_RESEND_PER_5MIN', () => {
    const named = readConfig({ RATE_LIMIT_EMAIL_LINK_REQUESTS_PER_5MIN: '7' });
    expect(named.rateLimits.emailLinkRequestsPer5Min).toBe(7);
    const old = readConfig({ RATE_LIMIT_RESEND_PER_5MIN: '9' });
    expect(old.rateLimits.emailLinkRequestsPer5Min).toBe(9);
    const both = readConfig({
      RATE_LIMIT_EMAIL_LINK_REQUESTS_PER_5MIN: '7',
      RATE_LIMIT_RESEND_PER_5MIN: '9',
    });
    expect(both.rateLimits.emailLinkRequestsPer5Min).toBe(7);
  });
});
