import type { WritableLike } from '../io.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** A one-line spinner on stderr (a terminal only); `stop()` clears its line. */
export function startSpinner(stream: WritableLike, text: string) {
  let label = text;
  let frame = 0;
  const draw = () => {
    stream.write(`\r\u001b[2K${FRAMES[frame % FRAMES.length]} ${label}`);
    frame++;
  };
  draw();
  const timer = setInterval(draw, 100);
  return {
    update(next: string) {
      label = next;
    },
    stop() {
      clearInterval(timer);
      stream.write('\r\u001b[2K');
    },
  };
}
