/** What the login page tells the person when the wallet step fails before the server is asked. */
export type WalletFailure = 'no_extension' | 'no_address' | 'connection_failed';

/** A wallet step that failed; `detail` is the wallet's own words, when it gave any. */
export class WalletError extends Error {
  constructor(
    readonly failure: WalletFailure,
    readonly detail?: string,
  ) {
    super(detail ?? failure);
    this.name = 'WalletError';
  }
}

/** The EIP-1193 provider a wallet extension puts on `window.ethereum`. */
interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

declare global {
  interface Window {
    ethereum?: Eip1193Provider;
  }
}

/**
 * The browser's wallet extension: asks it for the account the person picks and for a signature of
 * a message. Every refusal or fault of the wallet becomes a WalletError.
 */
export class BrowserWallet {
  private constructor(private readonly provider: Eip1193Provider) {}

  /** The installed wallet; a WalletError('no_extension') when there is none. */
  static find(): BrowserWallet {
    const provider = typeof window === 'undefined' ? undefined : window.ethereum;
    if (!provider || typeof provider.request !== 'function') throw new WalletError('no_extension');
    return new BrowserWallet(provider);
  }

  /** The account the person connects (the wallet shows its own prompt). */
  async connect(): Promise<string> {
    const accounts = await this.call('eth_requestAccounts');
    const address = Array.isArray(accounts) ? accounts[0] : undefined;
    if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address))
      throw new WalletError('no_address');
    return address;
  }

  /** EIP-191 `personal_sign` of `hexMessage` (the UTF-8 message as hex) by `address`. */
  async sign(hexMessage: string, address: string): Promise<string> {
    const signature = await this.call('personal_sign', [hexMessage, address]);
    if (typeof signature !== 'string') throw new WalletError('connection_failed');
    return signature;
  }

  private async call(method: string, params?: unknown[]): Promise<unknown> {
    try {
      return await this.provider.request(params ? { method, params } : { method });
    } catch (err) {
      // Wallets reject with an EIP-1193 error object ({code, message}), not always an Error.
      const message = err && typeof err === 'object' && 'message' in err ? String(err.message) : undefined;
      throw new WalletError('connection_failed', message?.slice(0, 300) || undefined);
    }
  }
}
