// A process with the hosts' last resort installed that throws `count` times from timers, as a
// library would, then says whether it is still serving. Prints "still serving" at the end.
import { installLastResort } from '../hosts/last-resort.ts';

const [logFile, countText] = process.argv.slice(2);
if (!logFile || !countText) throw new Error('usage: last-resort-worker <logFile> <count>');
// A window no machine's speed can run out: how many, not how fast, is what this checks.
installLastResort({ logFile, exit: (code) => process.exit(code), windowMs: 1e12 });
for (let i = 1; i <= Number(countText); i++) {
  setTimeout(() => {
    throw new Error(`boom ${i} from a timer`);
  }, 0);
}
// A rejected promise nobody handles takes the same road.
if (Number(countText) > 0) void Promise.reject(new Error('a rejection nobody handled'));
setTimeout(() => process.stdout.write('still serving\n'), 0);
