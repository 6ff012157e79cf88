import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, publicUrlWarning } from './config';

describe('config', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8001);
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.mediaDir).toBe(path.join(path.resolve('./data'), 'media'));
    expect(c.databaseUrl).toBeNull();
    expect(c.redisUrl).toBeNull();
    expect(c.smtpUrl).toBeNull();
    expect(c.tokenTtlMs).toBe(12 * 3_600_000);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '9000',
      DATA_DIR: '/srv/darkroom',
      DATABASE_URL: 'postgres://x@h/db',
      REDIS_URL: 'redis://h:6379',
      TOKEN_TTL_HOURS: '2',
      LOGIN_MAX_FAILURES: '7',
      SMTP_URL: 'smtp://mail:25',
      TRUST_PROXY: 'true',
    });
    expect(c).toMatchObject({
      port: 9000,
      dataDir: '/srv/darkroom',
      mediaDir: '/srv/darkroom/media',
      databaseUrl: 'postgres://x@h/db',
      redisUrl: 'redis://h:6379',
      tokenTtlMs: 7_200_000,
      loginMaxFailures: 7,
      smtpUrl: 'smtp://mail:25',
      trustProxy: true,
    });
  });

  it('sweeps unreferenced media after a grace period of 60 minutes unless told otherwise', () => {
    expect(loadConfig({}).mediaSweepGraceMs).toBe(60 * 60_000);
    expect(loadConfig({ MEDIA_SWEEP_GRACE_MINUTES: '5' }).mediaSweepGraceMs).toBe(5 * 60_000);
    expect(loadConfig({ MEDIA_SWEEP_GRACE_MINUTES: '0' }).mediaSweepGraceMs).toBe(0);
    expect(() => loadConfig({ MEDIA_SWEEP_GRACE_MINUTES: 'soon' })).toThrow(/MEDIA_SWEEP_GRACE_MINUTES/);
  });

  it('keeps media on disk unless S3_BUCKET is set, then reads the bucket variables', () => {
    expect(loadConfig({})).toMatchObject({ s3: null, mediaPublicUrl: null, s3RedirectOriginals: false });
    expect(loadConfig({ S3_BUCKET: 'photos' }).s3).toEqual({
      bucket: 'photos',
      endpoint: null,
      region: 'us-east-1',
      forcePathStyle: false,
      prefix: '',
    });
    const c = loadConfig({
      S3_BUCKET: 'photos',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-west-3',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: '/studio/',
      MEDIA_PUBLIC_URL: 'https://cdn.example.com/media/',
      S3_REDIRECT_ORIGINALS: 'TRUE',
    });
    expect(c.s3).toEqual({ bucket: 'photos', endpoint: 'http://minio:9000', region: 'eu-west-3', forcePathStyle: true, prefix: 'studio' });
    expect(c.mediaPublicUrl).toBe('https://cdn.example.com/media');
    expect(c.s3RedirectOriginals).toBe(true);
    expect(() => loadConfig({ S3_BUCKET: 'p', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      'S3_FORCE_PATH_STYLE must be true or false, got "yes"',
    );
    expect(() => loadConfig({ S3_BUCKET: 'p', S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT must be an http(s) URL, got "minio:9000"');
    expect(() => loadConfig({ MEDIA_PUBLIC_URL: '/media' })).toThrow('MEDIA_PUBLIC_URL must be an http(s) URL');
  });

  it('refuses nonsense numbers with the variable name', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('warns in production only, and only while PUBLIC_URL is unset', () => {
    expect(publicUrlWarning(loadConfig({}), { NODE_ENV: 'production' })).toMatch(/PUBLIC_URL is not set/);
    expect(publicUrlWarning(loadConfig({ PUBLIC_URL: 'https://studio.example' }), { NODE_ENV: 'production' })).toBeNull();
    expect(publicUrlWarning(loadConfig({}), { NODE_ENV: 'development' })).toBeNull();
  });

  it('reads LOG_FORMAT: pretty or json, and nothing else', () => {
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});
