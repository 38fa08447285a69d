/**
 * The {@code estimate}, {@code compare}, {@code curve} and {@code select} commands on an Apache Spark cluster ({@code spark-submit --class
 * tmeval.spark.SparkMain}): the command line's own parsing, plans and writers on the driver, the documents evaluated
 * on the executors. Built into {@code target/tmeval-spark.jar} only; the workbench's jar leaves this package out.
 */
package tmeval.spark;
