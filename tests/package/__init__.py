"""The package as installed and imported: root exports, layers, the native library, start-up."""
