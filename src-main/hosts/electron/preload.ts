// The preload bridge: exposes one named method per contract command and a push listener.
// No generic ipcRenderer access reaches the page.
import { contextBridge, ipcRenderer } from 'electron';
import { COMMAND_NAMES, type Push } from '@shared/contract.ts';
import type { Bridge } from '@shared/bridge.ts';
import { INVOKE_CHANNEL, PUSH_CHANNEL } from './ipc-channels.ts';

const commands = Object.fromEntries(
  COMMAND_NAMES.map((name) => [name, (args: unknown) => ipcRenderer.invoke(INVOKE_CHANNEL, name, args)]),
) as Bridge['commands'];

const bridge = {
  commands,
  onPush(listener: (push: Push) => void): () => void {
    const wrapped = (_event: unknown, push: Push) => listener(push);
    ipcRenderer.on(PUSH_CHANNEL, wrapped);
    return () => ipcRenderer.removeListener(PUSH_CHANNEL, wrapped);
  },
} satisfies Bridge;

contextBridge.exposeInMainWorld('lichslayer', bridge);
