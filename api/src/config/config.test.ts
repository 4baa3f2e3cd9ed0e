import { describe, expect, it } from 'vitest';
import { defaultAcademicYear } from './branding.js';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const config = loadConfig({}, new Date('2026-08-01'));
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      demoData: undefined,
      logLevel: 'info',
      studentLookupRateLimit: 30,
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.branding.academicYear).toBe('2026/2027');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ DEMO_DATA: 'yes' }, 'DEMO_DATA'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SUPERADMIN_USERNAME: 'admin1' }, 'SUPERADMIN_PASSWORD'],
    [{ SUPERADMIN_USERNAME: 'admin1', SUPERADMIN_PASSWORD: 'lettersonly' }, 'SUPERADMIN_PASSWORD'],
    [{ SOCIAL_LINKS: '[{"label":"x"' }, 'SOCIAL_LINKS'],
    [{ SOCIAL_LINKS: '[{"label":"f","url":"javascript:alert(1)","icon":"facebook"}]' }, 'SOCIAL_LINKS'],
  ])('refuses %o naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });

  it('reads a full production configuration', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgresql://u:p@db:5432/portal',
      JWT_SECRET: 'x'.repeat(40),
      SUPERADMIN_USERNAME: 'rootadmin',
      SUPERADMIN_PASSWORD: 'Secret123',
      DEMO_DATA: '0',
      SOCIAL_LINKS: '[{"label":"فيسبوك","url":"https://facebook.com/uni","icon":"facebook"}]',
    });
    expect(config.port).toBe(9000);
    expect(config.superAdmin).toEqual({ userName: 'rootadmin', password: 'Secret123' });
    expect(config.demoData).toBe(false);
    expect(config.branding.socialLinks).toHaveLength(1);
  });

  it('reads the overload limits: defaults, explicit values, 0 turning a check off', () => {
    const defaults = loadConfig({}).overload;
    expect(defaults).toMatchObject({
      maxEventLoopDelayMs: 500,
      maxEventLoopUtilization: 0,
      maxRssBytes: 0,
      maxInFlight: 1200,
      retryAfterSeconds: 5,
    });
    expect(defaults.maxHeapBytes).toBeGreaterThan(100 * 1024 * 1024);
    expect(
      loadConfig({
        OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
        OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '0.95',
        OVERLOAD_MAX_HEAP_MB: '512',
        OVERLOAD_MAX_RSS_MB: '1024',
        OVERLOAD_MAX_IN_FLIGHT: '0',
        OVERLOAD_RETRY_AFTER_S: '30',
      }).overload,
    ).toEqual({
      maxEventLoopDelayMs: 0,
      maxEventLoopUtilization: 0.95,
      maxHeapBytes: 512 * 1024 * 1024,
      maxRssBytes: 1024 * 1024 * 1024,
      maxInFlight: 0,
      retryAfterSeconds: 30,
    });
    for (const env of [
      { OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '1.5' },
      { OVERLOAD_MAX_HEAP_MB: '-1' },
      { OVERLOAD_RETRY_AFTER_S: '0' },
      { OVERLOAD_MAX_IN_FLIGHT: 'many' },
      { OVERLOAD_MAX_IN_FLIGHT: '-1' },
    ])
      expect(() => loadConfig(env)).toThrow(Object.keys(env)[0]);
  });
});

describe('RETENTION_DAYS', () => {
  it("keeps a closed season's images 365 days unless set; 0 keeps them forever", () => {
    expect(loadConfig({}).retentionDays).toBe(365);
    expect(loadConfig({ RETENTION_DAYS: '30' }).retentionDays).toBe(30);
    expect(loadConfig({ RETENTION_DAYS: '0' }).retentionDays).toBe(0);
  });

  it.each(['', ' ', '-1', '1.5', '1e3', 'forever', '100000'])('refuses %j naming the variable', (value) => {
    expect(() => loadConfig({ RETENTION_DAYS: value })).toThrow(
      /RETENTION_DAYS: must be a whole number of days/,
    );
  });
});

describe('defaultAcademicYear', () => {
  it('switches to the new year in July, when admissions open', () => {
    expect(defaultAcademicYear(new Date('2026-03-01'))).toBe('2025/2026');
    expect(defaultAcademicYear(new Date('2026-07-15'))).toBe('2026/2027');
  });
});

describe('TRUST_PROXY', () => {
  it('keeps 0 (no proxy) and 1 (every hop trusted) as they were', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
  });

  it('takes the proxies’ addresses and CIDR ranges, comma-separated', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1, fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each([
    'yes',
    '2',
    '10.0.0.300',
    '10.0.0.0/33',
    '::1/129',
    '10.0.0.1/8/1',
    'proxy.example.edu',
    '10.0.0.1,',
  ])('refuses %j naming the variable', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be 0, 1, or proxy addresses/);
  });
});

describe('METRICS_TOKEN', () => {
  it('is unset unless given, and must be long enough not to be guessed', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'm'.repeat(32) }).metricsToken).toBe('m'.repeat(32));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 32/);
  });
});

describe('DATABASE_MIGRATION_URL', () => {
  it('names the owner role beside DATABASE_URL’s serving role, and is refused without it', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://portal_app@db/portal',
      DATABASE_MIGRATION_URL: 'postgresql://portal_owner@db/portal',
    });
    expect(config.databaseMigrationUrl).toBe('postgresql://portal_owner@db/portal');
    expect(loadConfig({}).databaseMigrationUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_MIGRATION_URL: 'postgresql://portal_owner@db/portal' })).toThrow(
      /DATABASE_MIGRATION_URL: needs DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgresql://a@db/p', DATABASE_MIGRATION_URL: 'mysql://x' }),
    ).toThrow(/DATABASE_MIGRATION_URL: must start with postgres/);
  });
});

describe('STAFF_2FA_REQUIRED', () => {
  it('asks every staff role for a second factor unless set; none asks no role', () => {
    expect([...loadConfig({}).staffTwoFactorRequired].sort()).toEqual([
      'ADMIN',
      'SOCIAL_ADMIN',
      'SUPERADMIN',
      'SUPPORT',
    ]);
    expect(loadConfig({ STAFF_2FA_REQUIRED: 'none' }).staffTwoFactorRequired).toEqual([]);
    expect(loadConfig({ STAFF_2FA_REQUIRED: 'SUPERADMIN' }).staffTwoFactorRequired).toEqual(['SUPERADMIN']);
  });
});
