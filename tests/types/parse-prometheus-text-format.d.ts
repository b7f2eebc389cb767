/** The package ships no types: its parser returns prom2json's shape (families of samples). */
declare module 'parse-prometheus-text-format' {
  export default function parsePrometheusTextFormat(text: string): unknown[];
}
