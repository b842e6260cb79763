// Loaded on demand by `lazyDevAccounts`: the dev-accounts connector derives keys from anvil's mnemonic
// (viem/accounts: bip32, bip39 and secp256k1), which has no place in the first view.
export { devAccounts } from "@fundament/wallet";
