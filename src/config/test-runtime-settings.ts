/** For tests: the page's runtime settings (the JSON element the server fills in), set or removed, and read afresh. */
import { resetRuntimeConfig, runtimeConfigElementId, type RuntimeConfig } from './runtime';

export function setRuntimeSettings(settings: Partial<RuntimeConfig> | null) {
  document.getElementById(runtimeConfigElementId)?.remove();
  if (settings) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = runtimeConfigElementId;
    element.textContent = JSON.stringify(settings);
    document.head.appendChild(element);
  }
  resetRuntimeConfig();
}
