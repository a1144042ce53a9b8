// The shape of the Electron preload bridge (window.lichslayer): named methods only.
import type { ArgsOf, CommandName, Push, Reply, ResultOf } from './contract.ts';

export interface Bridge {
  commands: { [K in CommandName]: (args: ArgsOf<K>) => Promise<Reply<ResultOf<K>>> };
  onPush(listener: (push: Push) => void): () => void;
}
