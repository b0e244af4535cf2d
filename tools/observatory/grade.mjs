// Grades one deployment with Mozilla's HTTP Observatory (this package's pinned @mdn/mdn-http-observatory),
// as its scan() does, but with the ports: scan(hostname) calls retrieve(hostname) without options, so
// it always asks ports 80 and 443. Here the retriever gets the ports and the tests and the scoring are
// the package's own, applied as scan() applies them (src/scanner/index.js).
//
// Run by scripts/observatory.ts (gradeDeployment), in a child process whose NODE_EXTRA_CA_CERTS names
// the deployment's certificate: the retriever's https agents verify certificates (rejectUnauthorized:
// true) and take no CA option, and Node reads NODE_EXTRA_CA_CERTS only at start-up.
//
// Usage: node grade.mjs '{"hostname":"localhost","httpPort":8080,"httpsPort":8443,"path":"/"}'
// Prints one JSON object: { grade, score, certificateVerified, statusCode, tests: [...] }.
import { MINIMUM_SCORE_FOR_EXTRA_CREDIT } from '@mdn/mdn-http-observatory/src/grader/charts.js';
import { getGradeForScore, getScoreModifier } from '@mdn/mdn-http-observatory/src/grader/grader.js';
import { ALL_TESTS } from '@mdn/mdn-http-observatory/src/constants.js';
import { retrieve } from '@mdn/mdn-http-observatory/src/retriever/retriever.js';

const { hostname, httpPort, httpsPort, path = '/' } = JSON.parse(process.argv[2] ?? '{}');
if (typeof hostname !== 'string' || !hostname) {
  console.error('usage: node grade.mjs \'{"hostname":"localhost","httpPort":8080,"httpsPort":8443}\'');
  process.exit(2);
}

const requests = await retrieve(hostname, { httpPort, httpsPort, path });
const auto = requests.responses.auto;
if (!auto) {
  console.error(`The site seems to be down: no answer from http://${hostname}:${httpPort}${path} or https://${hostname}:${httpsPort}${path}`);
  process.exit(1);
}
// As scan(): 2xx, 3xx, 401 and 403 are graded, anything else is an error.
if (auto.status < 200 || (auto.status >= 400 && ![401, 403].includes(auto.status))) {
  console.error(`The site answered with an unexpected HTTP status code ${auto.status}`);
  process.exit(1);
}

// The scoring of scan(): every modifier counts, bonuses only when the score without them is an A (90).
let scoreWithExtraCredit = 100;
let uncurvedScore = 100;
const tests = ALL_TESTS.map((test) => {
  const output = test(requests);
  const scoreModifier = output.result ? getScoreModifier(output.result) : 0;
  scoreWithExtraCredit += scoreModifier;
  if (scoreModifier < 0) uncurvedScore += scoreModifier;
  return { name: output.constructor.name, pass: Boolean(output.pass), scoreModifier, result: output.result };
});
const { grade, score } = getGradeForScore(uncurvedScore >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? scoreWithExtraCredit : uncurvedScore);

console.log(
  JSON.stringify({
    grade,
    score,
    // false when the certificate was not trusted: the retriever then retries without verification,
    // and the HSTS and redirection tests fail with their "invalid certificate" results.
    certificateVerified: Boolean(requests.responses.https?.verified),
    statusCode: auto.status,
    finalUrl: requests.session?.redirectHistory.at(-1)?.url.href ?? null,
    tests,
  }),
);
