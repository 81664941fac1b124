// Module augmentation for the theme: the xxl breakpoint, the table-header
// background and the tonal chip variant.
import '@mui/material/styles';
import '@mui/material/Chip';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xs: true;
    sm: true;
    md: true;
    lg: true;
    xl: true;
    xxl: true;
  }
  interface Palette {
    customColors: { tableHeaderBg: string; cardShadow: string; textChannel: string };
  }
  interface PaletteOptions {
    customColors?: { tableHeaderBg: string; cardShadow: string; textChannel: string };
  }
}

declare module '@mui/material/Chip' {
  interface ChipPropsVariantOverrides {
    tonal: true;
  }
}

export {};
