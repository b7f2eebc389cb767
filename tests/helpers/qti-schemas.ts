import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCHEMAS = path.resolve(import.meta.dirname, '../fixtures/qti/schemas');
const VALIDATOR = path.resolve(import.meta.dirname, '../tools/XsdValidate.java');
/** 1EdTech's QTI 3.0 ASI schema (its SBAC profile: see tests/fixtures/qti/SOURCES.md) for items, stimuli and tests. */
const ASI = path.join(SCHEMAS, 'asi/qtiv3p0/imsqti_asiv3p0_sbacv1p0_v1p0.xsd');
/** The QTI 3.0 content-packaging profile, for the manifest. */
const PACKAGING = path.join(SCHEMAS, 'imsqtiv3p0_imscpv1p2_v1p0.xsd');

/**
 * Validates a package's XML files against 1EdTech's schemas with the JDK's validator (Xerces; the
 * Debian package openjdk-17-jre-headless): the manifest against the packaging schema, every other
 * `.xml` against the ASI schema. Returns each problem as "file:line:column: message", [] when valid.
 */
export async function qtiSchemaProblems(files: Record<string, Uint8Array>): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ltm-qti-xsd-'));
  try {
    const written = Object.entries(files)
      .filter(([name]) => name.endsWith('.xml'))
      .map(([name, bytes]) => {
        const file = path.join(dir, name);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, bytes);
        return file;
      });
    const manifest = written.filter((file) => path.basename(file) === 'imsmanifest.xml');
    const content = written.filter((file) => path.basename(file) !== 'imsmanifest.xml');
    const problems = await Promise.all([validate(PACKAGING, manifest), validate(ASI, content)]);
    return problems.flat().map((line) => line.replace(`${dir}/`, ''));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function validate(schema: string, files: string[]): Promise<string[]> {
  if (files.length === 0) return [];
  try {
    await run('java', [VALIDATOR, schema, ...files], { maxBuffer: 64 * 1024 * 1024 });
    return [];
  } catch (error) {
    const failed = error as { code?: number | string; stdout?: string; stderr?: string; message: string };
    if (failed.code === 'ENOENT')
      throw new Error('Java is needed to validate QTI files: apt-get install openjdk-17-jre-headless');
    if (failed.code !== 1) throw new Error(`the schema validator failed: ${failed.stderr ?? failed.message}`);
    return (failed.stdout ?? '').split('\n').filter(Boolean);
  }
}
