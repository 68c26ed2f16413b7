// RenderCore
