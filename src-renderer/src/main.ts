import { mount } from 'svelte';
import { isPlayersScreen, isPrivateScreen } from './lib/api.ts';
import './app.css';

const target = document.getElementById('app');
if (!target) throw new Error('The page has no #app element');
// The players' screen is its own small app: it asks for the players' view and nothing else.
// A player's own screen likewise asks for its one Lichslayer's view and nothing else. Each is
// loaded on its own, so a phone on the Wi-Fi fetches its screen and not the Judge's whole app.
const screen = isPrivateScreen()
  ? import('./PrivateApp.svelte')
  : isPlayersScreen()
    ? import('./PlayersApp.svelte')
    : import('./App.svelte');
void screen.then(({ default: Screen }) => mount(Screen, { target }));
