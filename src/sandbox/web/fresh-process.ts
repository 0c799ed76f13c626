// Waits until a new sandboxed frame gets a live process. After a page got stuck, the process it
// shares with every sandboxed frame of this site ends only once no frame is left in it; a frame
// made before that lands in the dying process and keeps it stuck for good (measured in Chromium
// 156). So this side removes its frames, then sends small probes, each removed when it does not
// answer, until one does: the next frame made after that starts in a process that runs.
const PROBE_WAIT_MS = 300;
const PROBE_GAP_MS = 200;
const GIVE_UP_MS = 10_000;

function probe(): Promise<boolean> {
  return new Promise((ok) => {
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.setAttribute('aria-hidden', 'true');
    frame.style.cssText = 'position:absolute;width:0;height:0;border:0;visibility:hidden';
    const end = (answered: boolean): void => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      frame.remove();
      ok(answered);
    };
    const onMessage = (e: MessageEvent): void => {
      if (e.source === frame.contentWindow) end(true);
    };
    const timer = setTimeout(() => end(false), PROBE_WAIT_MS);
    window.addEventListener('message', onMessage);
    frame.srcdoc = "<script>parent.postMessage('alive', '*')</script>";
    document.body.appendChild(frame);
  });
}

export async function freshProcess(): Promise<void> {
  const until = performance.now() + GIVE_UP_MS;
  await new Promise((ok) => setTimeout(ok, PROBE_GAP_MS));
  while (!(await probe()) && performance.now() < until) await new Promise((ok) => setTimeout(ok, PROBE_GAP_MS));
}
