import ImagePipeline

/// `ImagePipeline.RGB` by another name: the module's class `ImagePipeline` hides the module
/// name, and ImageCore and TerminalUI have an `RGB` too, so this file imports only the pipeline.
typealias PipelineRGB = RGB
