/** CIDR networks (IPv4 and IPv6) and whether an address is in one of them: Node's own net.BlockList. */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

export interface Network {
  text: string;
  family: 'ipv4' | 'ipv6';
  address: string;
  prefix: number;
}

/** Parses "10.0.0.0/8", "::1" (a single address) …; throws with a reason otherwise. */
export function parseNetwork(text: string): Network {
  const [address, prefixText] = text.trim().split('/');
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
  if (family === null) throw new Error(`"${text}" is not an IPv4 or IPv6 network`);
  const width = family === 'ipv4' ? 32 : 128;
  const prefix = prefixText === undefined ? width : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > width || (prefixText !== undefined && !/^\d+$/.test(prefixText))) {
    throw new Error(`"${text}" has a prefix length outside 0–${width}`);
  }
  return { text: text.trim(), family, address, prefix };
}

export function parseNetworks(list: string): Network[] {
  const items = list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0) throw new Error('at least one network is needed');
  return items.map(parseNetwork);
}

const blockLists = new WeakMap<Network[], BlockList>();

function blockListOf(networks: Network[]): BlockList {
  let list = blockLists.get(networks);
  if (!list) {
    list = new BlockList();
    for (const network of networks) list.addSubnet(network.address, network.prefix, network.family);
    blockLists.set(networks, list);
  }
  return list;
}

/** Whether an address (IPv4, IPv6 or IPv4-mapped IPv6) is in any of the networks. */
export function inNetworks(address: string | undefined, networks: Network[]): boolean {
  if (!address) return false;
  // An IPv4 client on a dual-stack socket: its IPv4 address, matched against the IPv4 networks.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const plain = mapped ? mapped[1] : address;
  const family = isIPv4(plain) ? 'ipv4' : isIPv6(plain) ? 'ipv6' : null;
  return family !== null && blockListOf(networks).check(plain, family);
}
