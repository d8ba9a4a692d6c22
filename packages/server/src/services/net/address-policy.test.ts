import { describe, expect, it } from 'vitest';
import { AddressPolicy, embeddedIPv4, isPrivateAddress } from './address-policy.ts';

describe('private address ranges', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'fc12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
    'not-an-ip',
  ])('%s is refused', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    '%s is public',
    (address) => expect(isPrivateAddress(address)).toBe(false),
  );

  it('reads the IPv4 address inside IPv6 forms', () => {
    expect(embeddedIPv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIPv4('::FFFF:10.0.0.1')).toBe('10.0.0.1');
    expect(embeddedIPv4('2002:0a00:0001::1')).toBe('10.0.0.1');
    expect(embeddedIPv4('2606:4700::1')).toBeNull();
  });
});

describe('AddressPolicy', () => {
  it('allows public addresses, and private ones only when the allow-list names them', () => {
    const policy = new AddressPolicy(['llm.internal', '127.0.0.2', '10.0.0.0/24']);
    expect(policy.allowsAddress('93.184.216.34')).toBe(true);
    expect(policy.allowsAddress('127.0.0.1')).toBe(false);
    expect(policy.allowsAddress('127.0.0.2')).toBe(true);
    expect(policy.allowsAddress('::ffff:127.0.0.2')).toBe(true);
    expect(policy.allowsAddress('10.0.0.9')).toBe(true);
    expect(policy.allowsAddress('10.0.1.9')).toBe(false);
    expect(policy.allowsHost('LLM.internal')).toBe(true);
    expect(policy.allowsHost('other.internal')).toBe(false);
    expect(new AddressPolicy().allowsAddress('not-an-ip')).toBe(false);
  });
});
