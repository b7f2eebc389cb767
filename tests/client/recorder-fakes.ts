/** Stand-ins for the browser's recording APIs, which jsdom does not have. */

/** A MediaRecorder that "records" one chunk of webm and stops when told to. */
export class FakeMediaRecorder {
  static isTypeSupported = (type: string) => type.startsWith('audio/webm');
  static instances: FakeMediaRecorder[] = [];
  state: 'inactive' | 'recording' = 'inactive';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    public stream: MediaStream,
    public options: MediaRecorderOptions,
  ) {
    FakeMediaRecorder.instances.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['webm-bytes'], { type: 'audio/webm' }) });
    this.onstop?.();
  }
}
