import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';
import { themeConfig } from './theme-config';

export const system = createSystem(defaultConfig, defineConfig(themeConfig));
