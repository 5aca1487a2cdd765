import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
for (let i = 0; i < Number(process.argv[3] ?? 1); i++) {
const { lhr } = await lighthouse(process.argv[2], { port: chrome.port, output: 'json', logLevel: 'error' });
console.log(Math.round(lhr.categories.performance.score*100), 'bp', Math.round(lhr.categories['best-practices'].score*100), 'FCP', Math.round(lhr.audits['first-contentful-paint'].numericValue), 'LCP', Math.round(lhr.audits['largest-contentful-paint'].numericValue), 'TBT', Math.round(lhr.audits['total-blocking-time'].numericValue));
if (i === 0) for (const r of lhr.audits["network-requests"].details.items) if (/json|entry|framework|index/.test(r.url)) console.log(Math.round(r.networkRequestTime), Math.round(r.networkEndTime), r.transferSize, r.url.split("/").pop(), r.resourceType);
}
await chrome.kill();
