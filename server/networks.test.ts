// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { inNetworks, parseNetwork, parseNetworks } from './networks';

describe('networks', () => {
  const defaults = parseNetworks('127.0.0.0/8,::1');

  it.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['::ffff:127.0.0.1', true],
    ['::1', true],
    ['128.0.0.1', false],
    ['192.0.2.10', false],
    ['::2', false],
    [undefined, false],
    ['not an address', false],
  ])('%s in the default admin networks: %s', (address, expected) => {
    expect(inNetworks(address, defaults)).toBe(expected);
  });

  it('matches IPv4 and IPv6 prefixes', () => {
    const networks = parseNetworks('192.0.2.0/24, 2001:db8::/32, 10.1.2.3');
    expect(inNetworks('192.0.2.200', networks)).toBe(true);
    expect(inNetworks('192.0.3.1', networks)).toBe(false);
    expect(inNetworks('2001:db8:ffff::1', networks)).toBe(true);
    expect(inNetworks('2001:db9::1', networks)).toBe(false);
    expect(inNetworks('10.1.2.3', networks)).toBe(true);
    expect(inNetworks('10.1.2.4', networks)).toBe(false);
    expect(inNetworks('1.2.3.4', parseNetworks('0.0.0.0/0'))).toBe(true);
  });

  it('rejects what is not a network', () => {
    expect(() => parseNetwork('10.0.0.0/33')).toThrow();
    expect(() => parseNetwork('::/129')).toThrow();
    expect(() => parseNetwork('10.0.0.0/x')).toThrow();
    expect(() => parseNetwork('example.no')).toThrow();
    expect(() => parseNetworks(' , ')).toThrow();
  });
});
