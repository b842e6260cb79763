import { createContext, type ReactNode, useContext } from "react";
import type { AppConfig } from "../lib/config";

const AppConfigContext = createContext<AppConfig | null>(null);

/** Provides the runtime config from /config.json. */
export function AppConfigProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  return <AppConfigContext.Provider value={config}>{children}</AppConfigContext.Provider>;
}

/** The runtime config from /config.json. */
export function useAppConfig(): AppConfig {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error("AppConfigProvider is missing");
  return config;
}
