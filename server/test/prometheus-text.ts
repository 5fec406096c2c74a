/**
 * Reads the Prometheus text format (version 0.0.4) the way a scraper does, for the metrics tests:
 * every sample with its name, labels and value; # HELP and # TYPE lines give each family's type.
 */
export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Exposition = { samples: Sample[]; types: Map<string, string> };

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?\s*/y;

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (!match) throw new Error(`not a label list: ${line}`);
    labels[match[1]] = match[2].replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
  }
  return labels;
}

export function parsePrometheusText(text: string): Exposition {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const type = /^# TYPE (\S+) (\S+)$/.exec(line);
      if (type) types.set(type[1], type[2]);
      else if (!line.startsWith('# HELP ')) throw new Error(`not a comment Prometheus knows: ${line}`);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample: ${line}`);
    // Prometheus reads NaN in any case (prom-client writes "Nan").
    const value = match[3] === '+Inf' ? Infinity : match[3] === '-Inf' ? -Infinity : /^nan$/i.test(match[3]) ? NaN : Number(match[3]);
    if (Number.isNaN(value) && !/^nan$/i.test(match[3])) throw new Error(`not a value: ${line}`);
    samples.push({ name: match[1], labels: match[2] ? parseLabels(match[2], line) : {}, value });
  }
  return { samples, types };
}

/** The one sample of this name whose labels include these; throws when there is none or several. */
export function sampleOf(exposition: Exposition, name: string, labels: Record<string, string> = {}): number {
  const found = exposition.samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
  if (found.length !== 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0].value;
}
