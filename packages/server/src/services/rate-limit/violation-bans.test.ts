import { describe, expect, it } from 'vitest';
import { MemoryBus } from '../../bus/memory-bus.ts';
import { RateLimiter, type LimitRule } from './rate-limiter.ts';
import { BAN_MESSAGE, BanError, ViolationBans, violatorsOf, type BanSettings } from './violation-bans.ts';

const settings: BanSettings = { enabled: true, durationMs: 60_000, threshold: 3, scores: { concurrent: 2 } };

function clock() {
  const time = { now: 5_000_000 };
  const bus = new MemoryBus(() => time.now);
  return { time, bus, bans: new ViolationBans(bus, settings, () => time.now) };
}

describe('ViolationBans', () => {
  it('bans a violator whose score reaches the threshold, for the ban duration', async () => {
    const { time, bans } = clock();
    await bans.record('logins', ['ip:1']);
    await bans.record('logins', ['ip:1']);
    await expect(bans.check(['ip:1'])).resolves.toBeUndefined();
    await bans.record('logins', ['ip:1']);
    const refused = await bans.check(['ip:2', 'ip:1']).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BanError);
    expect(refused).toMatchObject({
      code: 'banned', // answered 403 by the HTTP layer's one status map
      message: BAN_MESSAGE,
      details: { type: 'ban', retryAfter: 60 },
    });
    await expect(bans.check(['ip:2'])).resolves.toBeUndefined();

    time.now += 60_001;
    await expect(bans.check(['ip:1'])).resolves.toBeUndefined();
    // The score started again from zero with the ban.
    await bans.record('logins', ['ip:1']);
    await expect(bans.check(['ip:1'])).resolves.toBeUndefined();
  });

  it('weighs violations by their score and forgets them after the duration', async () => {
    const { time, bans } = clock();
    await bans.record('concurrent', ['user:a']);
    time.now += 60_001;
    await bans.record('concurrent', ['user:a']);
    await expect(bans.check(['user:a'])).resolves.toBeUndefined();
    await bans.record('concurrent', ['user:a']);
    await expect(bans.check(['user:a'])).rejects.toBeInstanceOf(BanError);
  });

  it('does nothing when turned off, and can be lifted', async () => {
    const bus = new MemoryBus();
    const off = new ViolationBans(bus, { ...settings, enabled: false });
    for (let i = 0; i < 5; i++) await off.record('logins', ['ip:9']);
    await expect(off.check(['ip:9'])).resolves.toBeUndefined();

    const on = new ViolationBans(bus, settings);
    for (let i = 0; i < 3; i++) await on.record('logins', ['ip:9']);
    await expect(on.check(['ip:9'])).rejects.toBeInstanceOf(BanError);
    await on.lift('ip:9');
    await expect(on.check(['ip:9'])).resolves.toBeUndefined();
  });

  it('never names an e-mail address as a violator', () => {
    expect(violatorsOf(['ip:1', 'email:victim@example.com', 'user:u1'])).toEqual(['ip:1', 'user:u1']);
  });

  it('a refused rate-limited attempt is a violation of the IP, not of the e-mail typed', async () => {
    const { bans, bus } = clock();
    const rule: LimitRule = { type: 'logins', max: 1, windowMs: 60_000, what: 'login attempts' };
    const limiter = new RateLimiter(bus, bans);
    await limiter.hit(rule, ['ip:1', 'email:victim']);
    for (let i = 0; i < 3; i++) await limiter.hit(rule, ['ip:1', 'email:victim']).catch(() => undefined);
    await expect(bans.check(['ip:1'])).rejects.toBeInstanceOf(BanError);
    await expect(bans.check(['email:victim'])).resolves.toBeUndefined();
  });
});
