import { mount } from 'svelte';
import App from './App.svelte';
import PlayersApp from './PlayersApp.svelte';
import PrivateApp from './PrivateApp.svelte';
import { isPlayersScreen, isPrivateScreen } from './lib/api.ts';
import './app.css';

const target = document.getElementById('app');
if (!target) throw new Error('The page has no #app element');
// The players' screen is its own small app: it asks for the players' view and nothing else.
// A player's own screen likewise asks for its one Lichslayer's view and nothing else.
mount(isPrivateScreen() ? PrivateApp : isPlayersScreen() ? PlayersApp : App, { target });
