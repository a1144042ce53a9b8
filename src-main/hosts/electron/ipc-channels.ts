// Channel names shared by the Electron main process and the preload bridge.
export const INVOKE_CHANNEL = 'lichslayer:command';
export const PUSH_CHANNEL = 'lichslayer:push';
